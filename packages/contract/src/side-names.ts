// The page's two sides by name: a module of its own, so the first bundle carries these few words
// and the rest of the side texts (side-texts.ts) load with the pieces that use them. No zod.

/** Side a is the left column, side b the right one. */
export type PageSide = 'a' | 'b';

export const SIDE_NAMES: Readonly<Record<PageSide, string>> = { a: 'Left side', b: 'Right side' };
