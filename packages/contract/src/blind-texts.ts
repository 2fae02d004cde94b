// Blind mode's words and rules that the page needs without zod; the schemas are in
// schemas/blind.ts.
import type { ServiceKey } from './messages.ts';

export const VOTE_CHOICES = ['a', 'b', 'tie', 'both_bad'] as const;
export type TVoteChoice = (typeof VOTE_CHOICES)[number];

/** Names each service or its maker might call itself; "possibly", since "palm" is also a hand's. */
const SELF_NAMES: Record<ServiceKey, RegExp> = {
  chatGPT: /\b(?:openai|chat\s?gpt|gpt)\b/i,
  palmAPI: /\b(?:google|deepmind|gemini|palm|bard)\b/i,
};

/** True when an answer names its own service or maker, which could tell a blind voter who wrote it. */
export function namesItsMaker(service: ServiceKey, text: string | null): boolean {
  return text !== null && SELF_NAMES[service].test(text);
}

/** Which service each label stands for, given which one is A. */
export function blindOrder(answerA: ServiceKey): { a: ServiceKey; b: ServiceKey } {
  return { a: answerA, b: answerA === 'chatGPT' ? 'palmAPI' : 'chatGPT' };
}

export const BLIND_TEXTS = {
  toggle: 'Blind mode',
  toggleHelp: 'Hide which service wrote which answer until you vote.',
  answerA: 'Answer A',
  answerB: 'Answer B',
  failed: 'This answer failed. Which service it was, and why, is shown after your vote.',
  votePrompt: 'Which answer is better?',
  choices: { a: 'A is better', b: 'B is better', tie: 'Tie', both_bad: 'Both are bad' } satisfies Record<TVoteChoice, string>,
  votedAs: { a: 'A was better', b: 'B was better', tie: 'Tie', both_bad: 'Both were bad' } satisfies Record<TVoteChoice, string>,
  possiblyUnblinded: 'Possibly unblinded: an answer named its own service or maker.',
  selfNamed: 'Names its own service or maker',
  hiddenUntilVote: 'Model, timing, tokens and cost are hidden until you vote.',
  pendingInLog: 'Awaiting your blind vote',
  scoreboard: 'Your scoreboard',
  scoreboardEmpty: 'No blind votes yet. Turn on blind mode, compare, and vote.',
  scoreboardFailed: 'The scoreboard could not be loaded. Please try again later.',
  notBlind: 'That comparison was not blind, or is not yours.',
  alreadyVoted: 'You have already voted on that comparison.',
  voteBeforeSharing: 'Vote on this blind comparison before sharing it: the shared page names both services.',
  /** A blind comparison answered whose record (and so its hidden order) could not be written. */
  notSaved: 'This blind comparison was not saved: the answers below are complete, but there is no vote, no reveal of which service wrote which, and no entry in your log.',
} as const;
