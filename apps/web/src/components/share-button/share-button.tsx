import { MESSAGES } from '@promptpair/contract';
import { useState } from 'react';
import { SpinnerButton } from '../ui/spinner-button.tsx';
import { createShareLink } from './create-share-link.ts';

/**
 * Shares the latest comparison: asks for a link, copies it and says so (docs/product.md §4, §8).
 * Given a conversation's latest turn, the link shows the conversation up to that turn.
 */
export function ShareButton({ logId, label = 'Share' }: { logId: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      const { url } = await createShareLink({ logId });
      // The server may answer a path; the clipboard needs a link that works anywhere.
      await navigator.clipboard.writeText(new URL(url, window.location.origin).href);
      window.alert(MESSAGES.linkCopied);
    } catch (error) {
      // docs/product.md §8: a share failure is only logged.
      console.error('Could not share the comparison', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpinnerButton variant="outline-primary" size="sm" busy={busy} onClick={() => void share()}>
      {label}
    </SpinnerButton>
  );
}
