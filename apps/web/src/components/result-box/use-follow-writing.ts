import { useLayoutEffect, useRef, type KeyboardEvent, type WheelEvent } from 'react';

/** Px: a box this close to its end is at the end (scroll positions are fractional when zoomed). */
const AT_END = 2;
/** Keys that scroll a focused box up. */
const KEYS_UP = new Set(['ArrowUp', 'PageUp', 'Home']);

/**
 * Keeps a box scrolled to the newest text while it is written, unless the visitor scrolls up to
 * read: then it leaves them where they are until they scroll back to the end.
 *
 * A visitor's scroll is told from ours by its direction: while an answer is written its text only
 * grows, so any move up is theirs. The scroll event comes a frame after the move, and a piece of
 * text may land first, so the position is also read before each piece is followed; and a wheel turn
 * or key up in a box that can go up stops following at once, before a smooth scroll has moved it.
 */
export function useFollowWriting(text: string | undefined) {
  const body = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  /** The box's position when last seen, by this hook or its scroll event. */
  const seenAt = useRef(0);

  const notice = (element: HTMLElement) => {
    const end = element.scrollHeight - element.clientHeight;
    // Text that got shorter (a new comparison) lowers the end, and the browser moves the box up with it.
    if (element.scrollTop < Math.min(seenAt.current, end) - AT_END / 2) following.current = false;
    else if (end - element.scrollTop <= AT_END) following.current = true;
    seenAt.current = element.scrollTop;
  };

  useLayoutEffect(() => {
    const element = body.current;
    if (text === undefined || element === null) return;
    notice(element);
    if (!following.current) return;
    element.scrollTop = element.scrollHeight;
    seenAt.current = element.scrollTop;
  }, [text]);

  return {
    body,
    onScroll: () => {
      if (body.current !== null) notice(body.current);
    },
    onWheel: (event: WheelEvent<HTMLElement>) => {
      if (event.deltaY < 0 && event.currentTarget.scrollTop > 0) following.current = false;
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (KEYS_UP.has(event.key) && event.currentTarget.scrollTop > 0) following.current = false;
    },
  };
}
