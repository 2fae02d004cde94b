/**
 * The two sides of every comparison: a (left) and b (right), whatever service each runs. Inside the
 * product sides are named only so; the spec's names for its default pair (`chatGPT`, `bardAPI`,
 * `palmAPI`) belong to the spec's request, answer and download shapes alone.
 */
export const SIDES = ['a', 'b'] as const;
export type Side = (typeof SIDES)[number];
