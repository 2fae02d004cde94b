// Words of the reading layout, the verdict line and the shared page's settings.

export const READING_TEXTS = {
  verdict: 'Verdict',
  verdictPending: 'Once both answers are in, this says which started and finished first, which cost less, how long each is and how alike they are.',
  answersTabs: 'Answers',
  expand: (title: string) => `Expand ${title}`,
  sideBySide: 'Side by side',
  settingsOf: (title: string) => `${title} settings`,
  sideLeftOut: 'Left out of this comparison.',
  messagesBeforePrompt: 'Messages before the prompt',
  /** The conversation's heading, and its place under the answers before there is one (the page's first paint). */
  conversation: 'Conversation',
  conversationAhead: 'Once both answers are in, reply here to go on with both sides, or with one.',
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
  system: 'System prompt',
  maxTokens: 'Max tokens',
  stopSequences: 'Stop sequences',
};

/** A sent setting's value as text: a list (stop sequences) reads as its items, comma-separated. */
export const settingValueText = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(', ') : String(value));

