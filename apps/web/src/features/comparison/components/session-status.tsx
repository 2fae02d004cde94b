import { DEMO_MODE_META, MESSAGES, type TSession } from '@promptpair/contract';
import { AlertBox } from '../../../components/ui/alert-box.tsx';

/**
 * "n of 5 free prompts left"; empty until the session is known so nothing flashes. Its one line is
 * reserved from the start: on a phone it sits above the form, which must not move when it fills.
 */
export function FreePromptsIndicator({ session }: { session: TSession | null }) {
  return (
    <p className="free-prompts small mb-0 text-body-secondary" style={{ minHeight: '1.5em' }} aria-live="polite">
      {session &&
        (session.freePromptsLeft > 0
          ? `${session.freePromptsLeft} of ${session.freePrompts} free prompts left`
          : `All ${session.freePrompts} free prompts used: add your own API key to continue`)}
    </p>
  );
}

/** The server marks the page itself in demo mode, so the banner does not wait for the session. */
const pageSaysDemo = () => document.querySelector(`meta[name="${DEMO_MODE_META}"]`)?.getAttribute('content') === 'true';

/**
 * Said plainly when the server answers from its simulator instead of the real services. Shown from
 * the first paint (a banner appearing later would push the whole form down).
 */
export function DemoBanner({ session }: { session: TSession | null }) {
  if (!(session ? session.demoMode : pageSaysDemo())) return null;
  return (
    <AlertBox variant="info" className="py-2 small">
      {MESSAGES.demoBanner}
    </AlertBox>
  );
}
