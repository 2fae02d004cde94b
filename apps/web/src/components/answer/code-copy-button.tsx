import { MESSAGES } from '@promptpair/contract';
import { CopyButton } from '../ui/copy-button.tsx';

/** The copy button on a code block: copies the code as written. */
export function CodeCopyButton({ code }: { code: string }) {
  return <CopyButton text={code} label="Copy code" copiedText={MESSAGES.codeCopied} className="answer-code__copy" />;
}
