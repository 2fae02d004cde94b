import { BLIND_TEXTS, SPEC_PAIR_NAMES, blindOrder, type PairNames, type Side } from '@promptpair/contract';

/**
 * The revealed titles, given the side shown as A: "Answer A: ChatGPT" and "Answer B: Palm API" (or
 * the other way round); for a pair other than the spec's, each side by its service and model
 * ("Answer A: Claude · claude-haiku-5-5"). `side` is the side whose result it titles.
 */
export function revealedTitles(answerA: Side, names: PairNames = SPEC_PAIR_NAMES): Record<Side, { side: Side; title: string }> {
  const order = blindOrder(answerA);
  const titled = (label: string, side: Side) => ({ side, title: `${label}: ${names[side]}` });
  return { a: titled(BLIND_TEXTS.answerA, order.a), b: titled(BLIND_TEXTS.answerB, order.b) };
}
