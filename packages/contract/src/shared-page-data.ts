import type { TSharedChat } from './schemas/share.ts';

/**
 * A shared page's HTML carries its comparison (`<script type="application/json">` with this id), so
 * the page shows it without a second request, with each answer already rendered by the server.
 */
export const SHARED_PAGE_DATA_ID = 'shared-chat-data';

export interface TSharedPageData {
  hash: string;
  chat: TSharedChat;
  html: SharedAnswersHtml;
  /** For a conversation: each turn's answers rendered, in the order of `chat.conversation.turns`. */
  turnsHtml?: SharedAnswersHtml[];
}

/** Each side's message as rendered Markdown (safe HTML made by `@promptpair/answer-markdown`); null without a message. */
export interface SharedAnswersHtml {
  chatGPT: string | null;
  palmAPI: string | null;
}
