// Blind mode's words and rules that the page needs without zod; the schemas are in
// schemas/blind.ts.
import type { TServiceKind } from './kinds/kinds.ts';
import { otherSide, type Side } from './sides.ts';

export const VOTE_CHOICES = ['a', 'b', 'tie', 'both_bad'] as const;
export type TVoteChoice = (typeof VOTE_CHOICES)[number];

/**
 * Names a service of each kind or its maker might call itself; "possibly", since "palm" is also a
 * hand's. An OpenAI-compatible service serves other makers' models: its names come from the
 * service's own name and the model id (namesOfModel).
 */
const KIND_SELF_NAMES: Record<TServiceKind, RegExp | null> = {
  openai: /\b(?:openai|chat\s?gpt|gpt)\b/i,
  google: /\b(?:google|deepmind|gemini|palm|bard)\b/i,
  anthropic: /\b(?:anthropic|claude)\b/i,
  'openai-compatible': null,
};

/** The maker and family a model id names: `meta-llama/llama-3.3-70b` → meta, llama; `qwen3:32b` → qwen. */
export function namesOfModel(model: string): string[] {
  const [maker, name = maker] = model.toLowerCase().includes('/') ? model.toLowerCase().split('/') : [undefined, model.toLowerCase()];
  const family = /^[a-z]+/.exec(name ?? '')?.[0];
  return [...(maker ? maker.split(/[-_.]/).filter((part) => part.length > 2) : []), ...(family && family.length > 2 ? [family] : [])];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * True when an answer of a service of `kind` names its own service or maker, which could tell a
 * blind voter who wrote it. `names` adds the service's display name and what its model id names.
 */
export function namesItsKindsMaker(kind: TServiceKind, text: string | null, names: readonly string[] = []): boolean {
  if (text === null) return false;
  if (KIND_SELF_NAMES[kind]?.test(text)) return true;
  return names.some((name) => name.trim().length > 2 && new RegExp(`\\b${escape(name.trim())}\\b`, 'i').test(text));
}


/** Which side each label stands for, given the side shown as "Answer A". */
export function blindOrder(answerA: Side): { a: Side; b: Side } {
  return { a: answerA, b: otherSide(answerA) };
}

/** A model needs this many votes before the scoreboard shows its rating: fewer say too little. */
export const MIN_VOTES_FOR_RATING = 5;

export const BLIND_TEXTS = {
  toggle: 'Blind mode',
  toggleHelp: 'Hide which service wrote which answer until you vote.',
  answerA: 'Answer A',
  answerB: 'Answer B',
  /** A CSV download's `blind_answer_a`: the side shown as Answer A and what it ran on, "side b (Claude · claude-haiku-5-5)". */
  answerAInDownload: (side: Side, name: string) => `side ${side} (${name})`,
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
  perModel: 'per model, across every pair',
  rating: 'Rating',
  /** In the rating column of a model with too few votes. */
  unrated: 'not yet',
  ratingNote: `A rating appears once a model has ${MIN_VOTES_FOR_RATING} votes. It weighs each win by who it was against: 1000 is average, and 400 points more means about ten-to-one odds of being preferred. A tie or "both bad" counts as half a win to each.`,
  notBlind: 'That comparison was not blind, or is not yours.',
  alreadyVoted: 'You have already voted on that comparison.',
  voteBeforeSharing: 'Vote on this blind comparison before sharing it: the shared page names both services.',
  /** A blind comparison answered whose record (and so its hidden order) could not be written. */
  notSaved: 'This blind comparison was not saved: the answers below are complete, but there is no vote, no reveal of which service wrote which, and no entry in your log.',
} as const;
