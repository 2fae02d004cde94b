import { SERVICE_NAMES, type ServiceKey } from './messages.ts';

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

/** Each side's value, made by one function of the side. */
export const bySides = <T>(make: (side: Side) => T): Record<Side, T> => ({ a: make('a'), b: make('b') });

/**
 * The spec's default pair, stated once (docs/product.md §2, §7): the service and kind each side runs
 * on, the keys the spec's answers (`chatGPT`, `palmAPI`) and request body (`chatGPT`, `bardAPI`)
 * hold it under, and its name in every text. Everything else about the pair is read from here.
 */
export const SPEC_PAIR = {
  a: { service: 'chatgpt', kind: 'openai', resultKey: 'chatGPT', requestKey: 'chatGPT', name: SERVICE_NAMES.chatGPT },
  b: { service: 'palm', kind: 'google', resultKey: 'palmAPI', requestKey: 'bardAPI', name: SERVICE_NAMES.palmAPI },
} as const satisfies Readonly<Record<Side, { service: string; kind: string; resultKey: ServiceKey; requestKey: string; name: string }>>;

/** A service id of the spec's pair. */
export type SpecServiceId = (typeof SPEC_PAIR)[Side]['service'];

/** The key the spec's result shapes hold each side's result under: side a in `chatGPT`, side b in `palmAPI`. */
export const RESULT_KEY_OF_SIDE: Readonly<Record<Side, ServiceKey>> = bySides((side) => SPEC_PAIR[side].resultKey);

/** A pair by side written under the spec's result keys, for the spec's answer and download shapes only. */
export const underResultKeys = <T>(pair: Readonly<Record<Side, T>>): Record<ServiceKey, T> => ({ [SPEC_PAIR.a.resultKey]: pair.a, [SPEC_PAIR.b.resultKey]: pair.b });
