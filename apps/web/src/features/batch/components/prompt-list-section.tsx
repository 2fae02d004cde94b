import type { TBatchJob } from '@promptpair/contract';
import { PromptListRunPanel } from './prompt-list-run-panel.tsx';
import { PromptListUploadForm, type PromptListUploadFormProps } from './prompt-list-upload-form.tsx';

export interface PromptListSectionProps extends PromptListUploadFormProps {
  job: TBatchJob | null;
  onCancel: () => Promise<void>;
}

/** What a subscriber sees in the dialog: the current run, and the upload while none is running. */
export function PromptListSection({ job, onCancel, settings, onUploaded }: PromptListSectionProps) {
  return (
    <>
      {job && <PromptListRunPanel job={job} onCancel={onCancel} />}
      {job?.status !== 'running' && <PromptListUploadForm settings={settings} onUploaded={onUploaded} />}
    </>
  );
}
