import { BLIND_TEXTS, RESULT_TITLES, blindOrder, type ServiceKey } from '@promptpair/contract';

/** The revealed titles: "Answer A: ChatGPT" and "Answer B: Palm API" (or the other way round). */
export function revealedTitles(answerA: ServiceKey): { a: { service: ServiceKey; title: string }; b: { service: ServiceKey; title: string } } {
  const order = blindOrder(answerA);
  return {
    a: { service: order.a, title: `${BLIND_TEXTS.answerA}: ${RESULT_TITLES[order.a]}` },
    b: { service: order.b, title: `${BLIND_TEXTS.answerB}: ${RESULT_TITLES[order.b]}` },
  };
}
