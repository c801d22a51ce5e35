// Text that must stay whole in a fixed width (the Sale screen's total, its VAT table): its font
// shrinks as far as needed, never below a floor, instead of running out of its panel. A
// seven-digit total in Czech crowns is 15 characters at the total's size.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The smallest share of its own font size the text may shrink to. */
const FLOOR = 0.45;

function fit(el: HTMLElement): void {
  el.style.removeProperty('font-size');
  const full = parseFloat(getComputedStyle(el).fontSize);
  let size = full;
  while (el.scrollWidth > el.clientWidth && size * 0.92 >= full * FLOOR) {
    size *= 0.92;
    el.style.fontSize = `${size.toFixed(2)}px`;
  }
}

/** A ref for an element whose content shrinks to fit its width; again when `content` or its width changes. */
export function useFitWidth<T extends HTMLElement>(content: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    fit(el);
    let width = el.clientWidth;
    // Only a change of width refits: the height the refit itself changes must not call it again.
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fit(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [content]);
  return ref;
}
