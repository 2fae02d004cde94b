import { lazy, Suspense, useCallback, useRef } from 'react';
import { useDialogState } from '../components/ui/use-dialog-state.ts';
import { ComparisonPage, type ComparisonPageHandle } from '../features/comparison/components/comparison-page.tsx';

// The comparison page's two outward buttons open other features' dialogs; the shell joins them.
const LogDetailsModal = lazy(() =>
  import('../features/logs/components/log-details-modal.tsx').then((m) => ({ default: m.LogDetailsModal })),
);
const UploadPromptListModal = lazy(() =>
  import('../features/subscription/components/upload-prompt-list-modal.tsx').then((m) => ({
    default: m.UploadPromptListModal,
  })),
);

/** Route `/`: the comparison page plus the Log Details and Upload Prompt List dialogs. */
export function HomeRoute() {
  const logDetails = useDialogState();
  const uploadPromptList = useDialogState();
  const page = useRef<ComparisonPageHandle>(null);
  // SPEC §4: keys saved in the subscription dialog fill the page's key fields.
  const onKeysSaved = useCallback((keys: { chatgptKey: string; palmapiKey: string }) => {
    page.current?.setApiKeys({ chatGPT: keys.chatgptKey, bard: keys.palmapiKey });
  }, []);

  return (
    <>
      <ComparisonPage ref={page} onUploadPromptList={uploadPromptList.open} onDownloadOutput={logDetails.open} />
      <Suspense fallback={null}>
        {logDetails.mounted && <LogDetailsModal show={logDetails.isOpen} onHide={logDetails.close} />}
        {uploadPromptList.mounted && (
          <UploadPromptListModal show={uploadPromptList.isOpen} onHide={uploadPromptList.close} onKeysSaved={onKeysSaved} />
        )}
      </Suspense>
    </>
  );
}
