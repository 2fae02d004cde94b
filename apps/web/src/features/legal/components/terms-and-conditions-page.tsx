import { PAGE_ROUTES } from '@promptpair/contract';
import { useFreePrompts } from '../hooks/use-free-prompts.ts';
import { termsFreePrompts } from '../logic/free-prompts-text.ts';
import { LegalPage, LegalSection } from './legal-page.tsx';

/** Route /terms-and-conditions: the rules of using PromptPair, in plain words. */
export function TermsAndConditionsPage() {
  const freePrompts = useFreePrompts();
  return (
    <LegalPage title="Terms and Conditions">
      <p>By using PromptPair you agree to these terms. If you do not agree, please do not use the site.</p>

      <LegalSection title="The service">
        <p>
          PromptPair sends your prompt to OpenAI&rsquo;s ChatGPT and Google&rsquo;s Gemini / PaLM and shows both answers side
          by side. The answers come from those services, not from us: they can be wrong, incomplete or out of date, and are
          not advice. Check anything that matters before you rely on it.
        </p>
      </LegalSection>

      <LegalSection title="Free prompts and your own API keys">
        <p>
          {termsFreePrompts(freePrompts)} Requests made with your keys
          are billed to your account with those providers, and you are responsible for that use and its cost. We use your
          keys only to run the requests you ask for.
        </p>
      </LegalSection>

      <LegalSection title="Acceptable use">
        <ul>
          <li>Follow the usage policies of OpenAI and Google; they apply to everything you send.</li>
          <li>Do not send unlawful, harmful or infringing content, or other people&rsquo;s personal data without a right to.</li>
          <li>Do not try to get around the free limit or the rate limits, overload the site, or reach data that is not yours.</li>
        </ul>
        <p>We may block use that breaks these rules.</p>
      </LegalSection>

      <LegalSection title="Your content and share links">
        <p>
          Your prompts stay yours. You let us store and process them, and the answers, to provide the service as the{' '}
          <a href={PAGE_ROUTES.privacyPolicy}>Privacy Policy</a> describes. A share link shows the prompt and both answers to
          anyone who has it, so do not share anything secret or personal.
        </p>
      </LegalSection>

      <LegalSection title="Subscriptions">
        <p>
          A subscription lets prompt lists run without the free limit and is linked to the API keys you enter. Payment, where
          offered, is handled by a separate payment provider under its own terms. Ask us through Contact Us to end a
          subscription and delete its saved keys.
        </p>
      </LegalSection>

      <LegalSection title="No warranty and limited liability">
        <p>
          PromptPair is provided &ldquo;as is&rdquo;, without any warranty, and may change, pause or stop at any time. To the
          extent the law allows, we are not liable for losses arising from its use, from answers it shows, or from charges made
          to your API accounts.
        </p>
      </LegalSection>

      <LegalSection title="Changes and contact">
        <p>
          We may update these terms; the date above shows the latest version. Questions go through <strong>Contact Us</strong>{' '}
          at the bottom of every page.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
