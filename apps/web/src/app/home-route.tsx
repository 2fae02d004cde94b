import { lazy, Suspense, useCallback, useRef } from 'react';
import { useDialogState } from '../components/ui/use-dialog-state.ts';
import { usePromptListRun } from '../features/batch/hooks/use-prompt-list-run.ts';
import { ComparisonPage, type ComparisonPageHandle } from './comparison-page.tsx';
import { useSavedKeys, type SavedKeys } from '../features/subscription/hooks/use-saved-keys.ts';

// The comparison page's two outward buttons open other features' dialogs; the shell joins them.
const LogDetailsModal = lazy(() =>
  import('../features/logs/components/log-details-modal.tsx').then((m) => ({ default: m.LogDetailsModal })),
);
const UploadPromptListModal = lazy(() =>
  import('../features/subscription/components/upload-prompt-list-modal.tsx').then((m) => ({
    default: m.UploadPromptListModal,
  })),
);
// A subscriber's prompt-list run: in the dialog, and on the page while one exists.
const PromptListSection = lazy(() =>
  import('../features/batch/components/prompt-list-section.tsx').then((m) => ({ default: m.PromptListSection })),
);
const PromptListRunPanel = lazy(() =>
  import('../features/batch/components/prompt-list-run-panel.tsx').then((m) => ({ default: m.PromptListRunPanel })),
);

/** Route `/`: the comparison page plus the Log Details and Upload Prompt List dialogs. */
export function HomeRoute() {
  const logDetails = useDialogState();
  const uploadPromptList = useDialogState();
  const page = useRef<ComparisonPageHandle>(null);
  // docs/product.md §4: keys saved in the subscription dialog fill the page's key fields.
  const onKeysSaved = useCallback((keys: { chatgptKey: string; palmapiKey: string }) => {
    page.current?.setApiKeys({ a: keys.chatgptKey, b: keys.palmapiKey });
  }, []);
  // After a reload the saved keys (masked) are prefilled the same way; `saved` marks a subscriber.
  const savedKeys = useSavedKeys(onKeysSaved);
  const { markSaved } = savedKeys;
  const onSubscribed = useCallback((keys: SavedKeys) => {
    onKeysSaved(keys);
    markSaved();
  }, [onKeysSaved, markSaved]);
  const run = usePromptListRun(savedKeys.saved);
  const runSettings = useCallback(async () => (await page.current?.currentSettings()) ?? {}, []);

  return (
    <>
      <ComparisonPage ref={page} onUploadPromptList={uploadPromptList.open} onDownloadOutput={logDetails.open} />
      <Suspense fallback={null}>
        {run.job && (
          <div className="container">
            <PromptListRunPanel job={run.job} onCancel={run.cancel} />
          </div>
        )}
        {logDetails.mounted && <LogDetailsModal show={logDetails.isOpen} onHide={logDetails.close} />}
        {uploadPromptList.mounted && (
          <UploadPromptListModal
            show={uploadPromptList.isOpen}
            onHide={uploadPromptList.close}
            onKeysSaved={onSubscribed}
            subscribed={savedKeys.saved}
            uploadSection={
              savedKeys.saved && <PromptListSection job={run.job} onCancel={run.cancel} settings={runSettings} onUploaded={run.track} />
            }
          />
        )}
      </Suspense>
    </>
  );
}
