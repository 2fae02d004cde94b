import { READING_TEXTS, SETTING_LABELS, type TSentSettings } from '@promptpair/contract';

type SideSettings = NonNullable<TSentSettings['chatGPT']> | NonNullable<TSentSettings['palmAPI']>;

/** What one side was sent with: each setting that was ticked, and the conversation's length. */
export function SentSettings({ title, settings }: { title: string; settings: SideSettings | null }) {
  const entries = settings ? Object.entries(settings).filter(([key]) => key !== 'messages' && key in SETTING_LABELS) : [];
  const messages = settings?.messages?.length ?? 0;
  return (
    <section aria-label={READING_TEXTS.settingsOf(title)} className="small mb-2">
      <h3 className="h6 mb-1">{READING_TEXTS.settingsOf(title)}</h3>
      {settings === null ? (
        <p className="text-body-secondary mb-0">{READING_TEXTS.sideLeftOut}</p>
      ) : (
        <dl className="result-box__meta mb-0">
          {entries.map(([key, value]) => (
            <div key={key}>
              <dt>{SETTING_LABELS[key]}</dt>
              <dd>{String(value)}</dd>
            </div>
          ))}
          <div>
            <dt>{READING_TEXTS.messagesBeforePrompt}</dt>
            <dd>{messages}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
