import { RETENTION } from '@promptpair/contract';
import { useFreePrompts } from '../hooks/use-free-prompts.ts';
import { privacyFreePrompts } from '../logic/free-prompts-text.ts';
import { LegalPage, LegalSection } from './legal-page.tsx';
import { StoredDataTable } from './stored-data-table.tsx';

/**
 * Route /privacy-policy. Every statement here mirrors what the code does; when storage or a
 * retention rule changes, change this page with it (docs/decisions.md, "Retention").
 */
export function PrivacyPolicyPage() {
  const freePrompts = useFreePrompts();
  return (
    <LegalPage title="Privacy Policy">
      <p>
        PromptPair lets you send one prompt to two AI services and compare the answers. You do not need an account, and we do
        not ask for your name. This page says what we keep, why, and for how long.
      </p>

      <LegalSection title="What we keep and for how long">
        <StoredDataTable />
        <p className="small text-body-secondary">
          &ldquo;Until deleted by the operator&rdquo; means there is no automatic deletion: the data stays on our server until
          the people running this site remove it, for example when you ask them to. What is tied to your visitor number you can
          delete yourself in <strong>Your data</strong>.
        </p>
      </LegalSection>

      <LegalSection title="What we never keep">
        <ul>
          <li>
            API keys you type into the options for a single comparison: they are passed to the service for that request and
            are not stored, logged, shared or included in downloads.
          </li>
          <li>Your generation settings for a comparison (models, messages, sliders) on the server.</li>
          <li>Analytics, advertising or tracking cookies: this site uses none, and loads nothing from other sites.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Cookies">
        <ul>
          <li>
            <code>pp_vid</code>: a random visitor number, signed and unreadable by the page, kept 400 days. It ties your
            comparisons, log and free-prompt count to your browser.
          </li>
          <li>
            <code>_csrf</code> and <code>XSRF-TOKEN</code>: security cookies that stop other sites from sending requests in
            your name. They end when you close the browser.
          </li>
          <li>
            <code>chatgptKey</code> and <code>palmapiKey</code>: set only when you subscribe, kept 400 days. They hold the
            value &ldquo;1&rdquo;, which tells the page that saved keys exist; they never hold a key.
          </li>
        </ul>
        <p>
          Your browser&rsquo;s local storage keeps your last settings, a note that you have logged a comparison, and your API
          keys only if you tick &ldquo;Remember my keys on this device&rdquo;. That stays on your device.
        </p>
      </LegalSection>

      <LegalSection title="Who else sees your prompts">
        <p>
          To answer, your prompt and settings are sent to OpenAI (ChatGPT) and Google (Gemini / PaLM). {privacyFreePrompts(freePrompts)}{' '}
          Their own privacy terms apply to what they receive.
          Anyone you give a share link to can see that comparison&rsquo;s prompt and both answers.
        </p>
      </LegalSection>

      <LegalSection title="Your choices">
        <ul>
          <li>Leave &ldquo;Log output&rdquo; off and a comparison stays out of your Log Details and downloads.</li>
          <li>Download your whole log as CSV or JSON from Log Details at any time.</li>
          <li>
            Open <strong>Your data</strong> at the bottom of any page to see everything kept under this browser&rsquo;s visitor
            number: comparisons, share links, your subscription (email and masked keys), prompt-list runs, free prompts used and
            contact messages. Download it all as a JSON file (it never holds an API key), delete one comparison (its share link
            stops working at once), or delete everything: a prompt list still running is stopped first, your subscription and
            both saved keys go, and this browser gets a new visitor number. The free-prompt count of your IP address stays, as it
            does when you clear cookies, so deleting does not give more free prompts than that ceiling allows.
          </li>
          <li>
            Data you can no longer reach (after clearing cookies, say): ask us through <strong>Contact Us</strong>, telling us
            what to delete (a share link, or a prompt and its date), since we cannot see who you are.
          </li>
          <li>
            Clearing this site&rsquo;s cookies starts a new visitor: your old log is then out of your reach but stays on the
            server until deleted. Contact messages are deleted after {RETENTION.contactMessageDays} days.
          </li>
        </ul>
      </LegalSection>
    </LegalPage>
  );
}
