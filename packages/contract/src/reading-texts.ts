// Words of the reading layout, the verdict line and the shared page's settings (issue #11).

export const READING_TEXTS = {
  verdict: 'Verdict',
  answersTabs: 'Answers',
  expand: (title: string) => `Expand ${title}`,
  sideBySide: 'Side by side',
  settingsOf: (title: string) => `${title} settings`,
  sideLeftOut: 'Left out of this comparison.',
  messagesBeforePrompt: 'Messages before the prompt',
} as const;

/** Names of the settings as the options panels call them, for the shared page. */
export const SETTING_LABELS: Record<string, string> = {
  model: 'Model',
  temperature: 'Temperature',
  top_p: 'Top P',
  topP: 'Top P',
  topK: 'Top K',
  frequencyPenalty: 'Frequency penalty',
  presencePenalty: 'Presence penalty',
  maxLength: 'Maximum length',
  maxOutputTokens: 'Max output tokens',
  candidateCount: 'Candidate count',
};
