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

/**
 * Keeps the selected row of the list inside the returned box in view (see reveal). reveal reads the
 * layout: called right after React changed the page, it makes the browser lay the whole page out
 * there and then (~1.7 ms a scan). So where the browser lays it out anyway before the next paint, it
 * is called from there: a ResizeObserver on the box and on what the box holds (the table) is told
 * after that layout and before the paint, when reading it costs nothing. A line added or removed
 * changes the table's height, a new table is observed anew: both reach the observer, so only a
 * selection that moved among as many lines as before is revealed at once.
 */
export function useFollowSelected<T extends HTMLElement>(
  selected: number,
  lines: readonly unknown[],
): RefObject<T | null> {
  const box = useRef<T>(null);
  const current = useRef(selected);
  current.current = selected;
  const observer = useRef<ResizeObserver | null>(null);
  /** What of the box the observer watches besides the box, and how many lines it held. */
  const watched = useRef<{ content: Element | null; count: number }>({ content: null, count: -1 });
  // Before paint: the new line never shows off screen first.
  useLayoutEffect(() => {
    const el = box.current;
    if (el === null) return;
    const was = watched.current;
    const content = el.firstElementChild;
    watched.current = { content, count: lines.length };
    if (observer.current !== null && content !== was.content) {
      // A new table (the first line) or none: watched from now, told once it is laid out.
      if (was.content !== null) observer.current.unobserve(was.content);
      if (content !== null) observer.current.observe(content);
      return;
    }
    // Lines added or removed: the table's height changed, the observer is told before the paint.
    if (observer.current !== null && content !== null && lines.length !== was.count) return;
    reveal(el, selected);
  }, [selected, lines]);
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    const watch = new ResizeObserver(() => reveal(el, current.current));
    watch.observe(el);
    if (watched.current.content !== null) watch.observe(watched.current.content);
    observer.current = watch;
    return () => {
      watch.disconnect();
      observer.current = null;
    };
  }, []);
  return box;
}
