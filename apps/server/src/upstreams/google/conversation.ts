// Bard "author/content" history → a two-role conversation (docs/wire-formats.md §4.3).
import type { TBardMessage } from '@promptpair/contract';

export type TurnRole = 'user' | 'model';
export interface Turn {
  role: TurnRole;
  texts: string[];
}
export interface Conversation {
  /** Goes to Gemini systemInstruction / PaLM prompt.context. */
  system: string[];
  /** Alternating turns, first and last one `user`; the last holds the prompt. */
  turns: Turn[];
}

/** Author labels that mean "the bot": the product's default "Bard", and the usual names and PaLM's "1". */
const BOT_AUTHORS = new Set(['bard', 'model', 'assistant', 'ai', 'bot', 'chatbot', 'palm', 'gemini', '1']);
const SYSTEM_AUTHORS = new Set(['system', 'context', 'developer', 'instruction', 'instructions']);

export function classifyAuthor(author: string): TurnRole | 'system' {
  const label = author.trim().toLowerCase();
  if (SYSTEM_AUTHORS.has(label)) return 'system';
  return BOT_AUTHORS.has(label) ? 'model' : 'user';
}

/**
 * The rule, in order:
 * 1. system/context authors → system text; bot labels → `model`; any other author → `user`.
 * 2. Bot turns before the first user turn → system text too. Gemini wants a conversation to
 *    open with the user, and a bot "speaking first" is a preamble. This is what makes the
 *    product's defaults (two "Bard" entries: "You are a helpful assistant.", "Hello!") valid:
 *    they become the system instruction and the prompt is the single user turn.
 * 3. The prompt is appended as the last user turn, then consecutive same-role turns are
 *    merged (texts kept apart, as separate parts), so roles alternate and end with `user`.
 */
export function toConversation(messages: readonly TBardMessage[], prompt: string): Conversation {
  const system: string[] = [];
  const turns: Turn[] = [];
  const entries = [...messages.map((m) => ({ role: classifyAuthor(m.author), text: m.content })), { role: 'user' as const, text: prompt }];
  for (const { role, text } of entries) {
    if (role === 'system' || (role === 'model' && turns.length === 0)) {
      system.push(text);
      continue;
    }
    const last = turns.at(-1);
    if (last?.role === role) last.texts.push(text);
    else turns.push({ role, texts: [text] });
  }
  return { system, turns };
}
