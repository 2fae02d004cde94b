import { BLIND_TEXTS, RESULT_KEY_OF_SIDE, RESULT_TITLES, blindOrder, namesByServiceKey, type PairNames, type ServiceKey, type Side } from '@promptpair/contract';

/**
 * The revealed titles, given the side shown as A: "Answer A: ChatGPT" and "Answer B: Palm API" (or
 * the other way round); for a pair other than the spec's, each side by its service and model
 * ("Answer A: Claude · claude-haiku-5-5"). `service` is the key its result is held under.
 */
export function revealedTitles(answerA: Side, names?: PairNames): Record<Side, { side: Side; service: ServiceKey; title: string }> {
  const order = blindOrder(answerA);
  const titles = names ? namesByServiceKey(names) : RESULT_TITLES;
  const titled = (label: string, side: Side) => ({ side, service: RESULT_KEY_OF_SIDE[side], title: `${label}: ${titles[RESULT_KEY_OF_SIDE[side]]}` });
  return { a: titled(BLIND_TEXTS.answerA, order.a), b: titled(BLIND_TEXTS.answerB, order.b) };
}
