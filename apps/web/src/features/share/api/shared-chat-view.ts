import {
  pairNames,
  sentSettingsShown,
  type PairNames,
  type SharedAnswersHtml,
  type Side,
  type SideSettingsShown,
  type TServiceResult,
  type TSharedChat,
  type TSharedPageData,
  type TSharedTurn,
} from '@promptpair/contract';
import { bySide } from '../../../lib/spec-sides.ts';

/*
 * The shared comparison as the page shows it: the record's spec-shaped sides (`chatGPT`, `palmAPI`,
 * in the answer and in the server's rendered HTML) read here once, by side. Plain code without zod,
 * so the page that reads its comparison from its own HTML loads no schema.
 */

/** Each answer as the server rendered it: the comparison's, and each turn's of a conversation. */
export type SharedHtml = Pick<TSharedPageData, 'html' | 'turnsHtml'>;

/** One comparison on the page: the shared one, or one turn of a conversation. */
export interface SharedTurnView {
  /** Absent for a record made before prompts were kept. */
  prompt: string | undefined;
  /** The turn's number, in a conversation. */
  turn?: number;
  createdAt?: string;
  choice?: TSharedTurn['choice'];
  results: Record<Side, TServiceResult>;
  /** Each answer as the server rendered it; null where the browser renders it. */
  html: Record<Side, string | null>;
}

export interface SharedView {
  /** Each side's name: the spec's titles for the spec's pair, service · model for any other. */
  names: PairNames;
  /** The record names its sides (a pair other than the spec's), so each box says what it ran on. */
  namedSides: boolean;
  /** What each side was sent with; undefined when the record kept none. */
  settings: Record<Side, SideSettingsShown> | undefined;
  /** The side shown as "Answer A" in a blind vote, named as the page names it. */
  answerAName: string | undefined;
  /** The shared comparison itself (a conversation's latest turn). */
  latest: SharedTurnView;
  /** Every turn of a conversation, in order; undefined for a single comparison. */
  turns: (SharedTurnView & { turn: number })[] | undefined;
}

const NO_HTML: Record<Side, null> = { a: null, b: null };
const htmlBySide = (html: SharedAnswersHtml | undefined): Record<Side, string | null> => (html ? bySide(html) : NO_HTML);

/** A shared record (from the API or the page's HTML) and its server-rendered answers, by side. */
export function sharedChatView(chat: TSharedChat, html: SharedHtml | null): SharedView {
  const names = pairNames(chat.sides);
  const settings = sentSettingsShown(chat.settings, chat.sideSettings);
  return {
    names,
    namedSides: chat.sides !== undefined,
    settings: settings && bySide(settings),
    // The vote names the side that was shown as "Answer A".
    answerAName: chat.vote ? names[chat.vote.answerA] : undefined,
    latest: { prompt: chat.prompt, ...(chat.created_at !== undefined ? { createdAt: chat.created_at } : {}), results: bySide(chat), html: htmlBySide(html?.html) },
    turns: chat.conversation?.turns.map((turn, index) => ({
      prompt: turn.prompt,
      turn: turn.turn,
      createdAt: turn.created_at,
      ...(turn.choice ? { choice: turn.choice } : {}),
      results: bySide(turn),
      html: htmlBySide(html?.turnsHtml?.[index]),
    })),
  };
}
