/**
 * The two sides of every comparison: a (left) and b (right), whatever service each runs. Inside the
 * product sides are named only so; the spec's names for its default pair (`chatGPT`, `bardAPI`,
 * `palmAPI`) belong to the spec's request, answer and download shapes alone.
 */
export const SIDES = ['a', 'b'] as const;
export type Side = (typeof SIDES)[number];

/**
 * The side a spec name stands for: `chatGPT` is side a, `palmAPI` side b. A blind order keeps and
 * answers the side shown as "Answer A" by that name (`answer_a`, `answerA`).
 */
export const sideOfSpecName = (name: string): Side => (name === 'chatGPT' ? 'a' : 'b');
