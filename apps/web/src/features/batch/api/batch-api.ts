import { BATCH_ROUTES, batchCancelPath, batchJobPath, batchSummaryPath, type TBatchJob, type TBatchSummary, type TBatchUploadInput, type TLatestBatch } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

/** Prompt-list runs. Downloads are plain links to batchResultsPath. */
export const uploadPromptList = (body: TBatchUploadInput): Promise<TBatchJob> => http.post(BATCH_ROUTES.upload, body);
export const getLatestRun = (): Promise<TLatestBatch> => http.get(BATCH_ROUTES.latest);
export const getRun = (id: string): Promise<TBatchJob> => http.get(batchJobPath(id));
export const cancelRun = (id: string): Promise<TBatchJob> => http.post(batchCancelPath(id), {});
export const getRunSummary = (id: string): Promise<TBatchSummary> => http.get(batchSummaryPath(id));
