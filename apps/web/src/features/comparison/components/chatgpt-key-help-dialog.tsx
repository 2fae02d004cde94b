import { Dialog } from '../../../components/ui/dialog.tsx';
import { ExternalLink } from './external-link.tsx';

interface HelpDialogProps {
  show: boolean;
  onHide: () => void;
}

/** docs/product.md §2 modal 3. Steps follow OpenAI's platform as of 2025; the links point at the live pages. */
export function ChatGptKeyHelpDialog({ show, onHide }: HelpDialogProps) {
  return (
    <Dialog show={show} onHide={onHide} title="How to get ChatGPT API key">
      <ol className="ps-3">
        <li className="mb-2">
          Sign in (or sign up) at <ExternalLink href="https://platform.openai.com/">platform.openai.com</ExternalLink>. A
          ChatGPT Plus subscription does not include API use: the API is billed separately.
        </li>
        <li className="mb-2">
          Open the <ExternalLink href="https://platform.openai.com/api-keys">API keys page</ExternalLink> (Dashboard → API keys).
        </li>
        <li className="mb-2">
          Click <strong>Create new secret key</strong>, give it a name, pick the project it belongs to and click{' '}
          <strong>Create secret key</strong>.
        </li>
        <li className="mb-2">
          Copy the key now: it starts with <code>sk-</code> and is shown only once. If you lose it, create a new one.
        </li>
        <li className="mb-2">
          Add a payment method or prepaid credit under{' '}
          <ExternalLink href="https://platform.openai.com/settings/organization/billing/overview">Settings → Billing</ExternalLink>;
          without it, requests fail with a quota error.
        </li>
        <li>Paste the key into the ChatGPT API key field here.</li>
      </ol>
      <p className="small text-body-secondary mb-0">
        Treat the key like a password. You can revoke it on the same API keys page at any time.
      </p>
    </Dialog>
  );
}
