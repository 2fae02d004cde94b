import { BLIND_TEXTS, RESULT_TITLES, blindOrder, type ServiceKey } from '@promptpair/contract';

/**
 * The revealed titles: "Answer A: ChatGPT" and "Answer B: Palm API" (or the other way round). A
 * general pair passes `names`: its left side (in `chatGPT`) and right side (in `palmAPI`) by service and model.
 */
export function revealedTitles(
  answerA: ServiceKey,
  names: Readonly<Record<ServiceKey, string>> = RESULT_TITLES,
): { a: { service: ServiceKey; title: string }; b: { service: ServiceKey; title: string } } {
  const order = blindOrder(answerA);
  return {
    a: { service: order.a, title: `${BLIND_TEXTS.answerA}: ${names[order.a]}` },
    b: { service: order.b, title: `${BLIND_TEXTS.answerB}: ${names[order.b]}` },
  };
}
