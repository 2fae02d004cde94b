import { bySides, RESULT_KEY_OF_SIDE, SPEC_PAIR, type ServiceKey, type Side } from '@promptpair/contract';

/*
 * The one place the page turns the spec's side names into sides and back. The spec's request,
 * answers, records and downloads keep side a under `chatGPT` and side b under `palmAPI`; inside
 * the page every pair is sides a (left) and b (right), whatever service each runs.
 */

/** The spec's key for each side. */
export const SPEC_KEY_OF: Readonly<Record<Side, ServiceKey>> = RESULT_KEY_OF_SIDE;

/** A spec-shaped pair (`chatGPT`, `palmAPI`) by side. */
export const bySide = <T>(pair: Readonly<Record<ServiceKey, T>>): Record<Side, T> => bySides((side) => pair[SPEC_PAIR[side].resultKey]);

/** A pair by side in the spec's shape, for the contract's spec-shaped inputs (the Markdown copy). */
export const bySpecKey = <T>(pair: Readonly<Record<Side, T>>): Record<ServiceKey, T> => ({ [SPEC_PAIR.a.resultKey]: pair.a, [SPEC_PAIR.b.resultKey]: pair.b });
