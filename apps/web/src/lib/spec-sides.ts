import { bySides, SPEC_PAIR, type ServiceKey, type Side } from '@promptpair/contract';

/*
 * The one place the page turns the spec's side names into sides. The spec's answers, records and
 * downloads keep side a under `chatGPT` and side b under `palmAPI`; inside the page every pair is
 * sides a (left) and b (right), whatever service each runs.
 */

/** A spec-shaped pair (`chatGPT`, `palmAPI`) by side. */
export const bySide = <T>(pair: Readonly<Record<ServiceKey, T>>): Record<Side, T> => bySides((side) => pair[SPEC_PAIR[side].resultKey]);
