// The lines list scrolls by itself to keep the selected line in view: a scan selects the line it
// added (or the one whose quantity it raised), the arrows select another, and whatever changes the
// list's height (a notice, the key legend opening, the window) must not leave it out of sight.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Scrolls `box` so that its `index`-th body row is whole below the sticky header and above the
 * bottom edge. A row taller than the box shows its top.
 */
export function reveal(box: HTMLElement, index: number): void {
  const row = box.querySelectorAll('tbody > tr')[index];
  if (!(row instanceof HTMLElement)) return;
  const frame = box.getBoundingClientRect();
  const head = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const top = frame.top + box.clientTop + head;
  const bottom = frame.top + box.clientTop + box.clientHeight;
  const r = row.getBoundingClientRect();
  if (r.bottom > bottom) box.scrollTop += Math.min(r.bottom - bottom, r.top - top);
  else if (r.top < top) box.scrollTop -= top - r.top;
}

/** Keeps the selected row of the list inside the returned box in view (see reveal). */
export function useFollowSelected<T extends HTMLElement>(
  selected: number,
  lines: unknown,
): RefObject<T | null> {
  const box = useRef<T>(null);
  const current = useRef(selected);
  current.current = selected;
  // Before paint: the new line never shows off screen first.
  useLayoutEffect(() => {
    if (box.current !== null) reveal(box.current, selected);
  }, [selected, lines]);
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const observer = new ResizeObserver(() => reveal(el, current.current));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return box;
}
