import { MY_DATA_MESSAGES, type TMyData } from '@promptpair/contract';
import { useEffect, useState } from 'react';
import { deleteAllMyData, deleteMyComparison, deleteMyConversation, getMyData } from '../api/my-data-api.ts';

export type MyDataState = { phase: 'loading' } | { phase: 'failed' } | { phase: 'shown'; data: TMyData } | { phase: 'deleted' };

/**
 * "Your data", loaded when the dialog's body mounts (the dialog unmounts it when it closes, so
 * every opening reads afresh), and the deletions; `notice` says what just happened.
 */
export function useMyData(onDeletedAll: () => void) {
  const [state, setState] = useState<MyDataState>({ phase: 'loading' });
  const [notice, setNotice] = useState<{ text: string; variant: 'success' | 'danger' } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getMyData(controller.signal).then(
      (data) => setState({ phase: 'shown', data }),
      () => {
        if (!controller.signal.aborted) setState({ phase: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      setNotice({ text: MY_DATA_MESSAGES.deleteFailed, variant: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  return {
    state,
    notice,
    busy,
    deleteComparison: (logId: string) =>
      act(async () => {
        await deleteMyComparison(logId);
        setNotice({ text: MY_DATA_MESSAGES.deletedComparison, variant: 'success' });
        setState({ phase: 'shown', data: await getMyData() });
      }),
    deleteConversation: (conversationId: string) =>
      act(async () => {
        await deleteMyConversation(conversationId);
        setNotice({ text: MY_DATA_MESSAGES.deletedConversation, variant: 'success' });
        setState({ phase: 'shown', data: await getMyData() });
      }),
    deleteAll: () =>
      act(async () => {
        await deleteAllMyData();
        setState({ phase: 'deleted' });
        setNotice({ text: MY_DATA_MESSAGES.deletedAll, variant: 'success' });
        onDeletedAll();
      }),
  };
}
