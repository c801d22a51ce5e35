// Text that must stay whole in a fixed width (the Sale screen's total, its VAT table, the change
// due): its font shrinks as far as needed, never below a floor, instead of running out of its
// panel. A seven-digit total in Czech crowns is 15 characters at the total's size.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The smallest share of its own font size the text may shrink to. */
const FLOOR = 0.45;

/**
 * `narrowBelowPx`: the text would be unreadable below that size; before shrinking that far the
 * element gets the class `narrow` (its CSS leaves out what can go) and is fitted again.
 */
export interface FitOptions {
  readonly narrowBelowPx?: number;
}

function shrink(el: HTMLElement): number {
  el.style.removeProperty('font-size');
  const full = parseFloat(getComputedStyle(el).fontSize);
  let size = full;
  while (el.scrollWidth > el.clientWidth && size * 0.92 >= full * FLOOR) {
    size *= 0.92;
    el.style.fontSize = `${size.toFixed(2)}px`;
  }
  return size;
}

function fit(el: HTMLElement, options: FitOptions): void {
  el.classList.remove('narrow');
  const size = shrink(el);
  if (options.narrowBelowPx !== undefined && size < options.narrowBelowPx) {
    el.classList.add('narrow');
    shrink(el);
  }
}

/** A ref for an element whose content shrinks to fit its width; again when `content` or its width changes. */
export function useFitWidth<T extends HTMLElement>(
  content: unknown,
  options: FitOptions = {},
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const { narrowBelowPx } = options;
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    fit(el, { narrowBelowPx });
    let width = el.clientWidth;
    // Only a change of width refits: the height the refit itself changes must not call it again.
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fit(el, { narrowBelowPx });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [content, narrowBelowPx]);
  return ref;
}
