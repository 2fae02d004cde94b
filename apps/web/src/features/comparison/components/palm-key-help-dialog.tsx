import { Dialog } from '../../../components/ui/dialog.tsx';
import { ExternalLink } from './external-link.tsx';

interface HelpDialogProps {
  show: boolean;
  onHide: () => void;
}

/** docs/product.md §2 modal 4. PaLM is retired, so the steps are Google AI Studio's for a Gemini API key. */
export function PalmKeyHelpDialog({ show, onHide }: HelpDialogProps) {
  return (
    <Dialog show={show} onHide={onHide} title="How to get Palm API key">
      <p>
        Google retired the PaLM API; this column now talks to <strong>Gemini</strong>, and a Gemini API key from Google AI
        Studio is what it needs.
      </p>
      <ol className="ps-3">
        <li className="mb-2">
          Go to <ExternalLink href="https://aistudio.google.com/">Google AI Studio (aistudio.google.com)</ExternalLink> and
          sign in with your Google account; accept the terms the first time.
        </li>
        <li className="mb-2">
          Click <strong>Get API key</strong> (or open the{' '}
          <ExternalLink href="https://aistudio.google.com/app/apikey">API keys page</ExternalLink> directly).
        </li>
        <li className="mb-2">
          Click <strong>Create API key</strong> and choose a Google Cloud project for it, or let AI Studio create a new
          project.
        </li>
        <li className="mb-2">
          Copy the key (it starts with <code>AIza</code>) and paste it into the Palm API key field here.
        </li>
        <li>
          The free tier has rate limits. For higher limits, set up billing for the project from the same API keys page.
        </li>
      </ol>
      <p className="small text-body-secondary mb-0">
        Keep the key private. You can delete it from the API keys page whenever you like.
      </p>
    </Dialog>
  );
}
