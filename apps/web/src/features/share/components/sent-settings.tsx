import { READING_TEXTS, SETTING_LABELS, settingValueText, type SideSettingsShown } from '@promptpair/contract';

/**
 * What one side was sent with, by its kind's settings (an Anthropic side's system prompt, top-k and
 * stop sequences too): each named setting that was set, and the conversation's length. Only named
 * settings are shown, an allow-list, so nothing else a record holds can appear.
 */
export function SentSettings({ title, settings }: { title: string; settings: SideSettingsShown }) {
  const entries = settings ? Object.entries(settings).filter(([key, value]) => key !== 'messages' && key in SETTING_LABELS && value !== undefined && value !== null) : [];
  const messages = Array.isArray(settings?.messages) ? settings.messages.length : 0;
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
              <dd>{settingValueText(value)}</dd>
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
