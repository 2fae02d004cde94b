import { BLIND_TEXTS, RESULT_TITLES, blindOrder, namesByServiceKey, type PairNames, type ServiceKey } from '@promptpair/contract';

/**
 * The revealed titles: "Answer A: ChatGPT" and "Answer B: Palm API" (or the other way round); for a
 * pair other than the spec's, each side by its service and model ("Answer A: Claude · claude-haiku-5-5").
 */
export function revealedTitles(answerA: ServiceKey, names?: PairNames): { a: { service: ServiceKey; title: string }; b: { service: ServiceKey; title: string } } {
  const order = blindOrder(answerA);
  const titles = names ? namesByServiceKey(names) : RESULT_TITLES;
  return {
    a: { service: order.a, title: `${BLIND_TEXTS.answerA}: ${titles[order.a]}` },
    b: { service: order.b, title: `${BLIND_TEXTS.answerB}: ${titles[order.b]}` },
  };
}
