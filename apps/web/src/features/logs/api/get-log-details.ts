import { API_ROUTES, ZLogRecordList, type TLogRecord } from '@promptpair/contract';
import { http } from '../../../lib/http.ts';

/** GET /log-details?limit=n: the visitor's latest logged comparisons, newest first (SPEC §7). */
export const getLogDetails = (limit: number, signal?: AbortSignal): Promise<TLogRecord[]> =>
  http.get(`${API_ROUTES.logDetails}?limit=${limit}`, { parse: (data) => ZLogRecordList.parse(data), signal });
