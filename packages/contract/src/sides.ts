import type { ServiceKey } from './messages.ts';

/**
 * The two sides of every comparison: a (left) and b (right), whatever service each runs. Inside the
 * product sides are named only so; the spec's names for its default pair (`chatGPT`, `bardAPI`,
 * `palmAPI`) belong to the spec's request, answer and download shapes alone.
 */
export const SIDES = ['a', 'b'] as const;
export type Side = (typeof SIDES)[number];

/** A value from outside (an answer the page reads) that names a side. */
export const isSide = (value: unknown): value is Side => value === 'a' || value === 'b';

/** The side across: Answer B's, given Answer A's. */
export const otherSide = (side: Side): Side => (side === 'a' ? 'b' : 'a');

/** The key the spec's result shapes hold each side's result under: side a in `chatGPT`, side b in `palmAPI`. */
export const RESULT_KEY_OF_SIDE: Readonly<Record<Side, ServiceKey>> = { a: 'chatGPT', b: 'palmAPI' };
