// Keys typed on the Sale screen while focus is outside any field go to the code field rather than
// vanish (on the Stock screen, to its search field; on Returns, to its find field): the keymap's
// observer (sale.typeToCode, stock.typeToSearch, returns.typeToFind) moves focus there before the
// scanner module judges the key, so the scanner sees
// it typed into a field (held back if it starts a scan, put there if it is a person's). A scan that
// began that way hands focus back to where it was: the line keys (+, -, Delete, arrows) must keep
// working after a scan.

/**
 * Where a key typed outside any field moved focus from, into which field, holding what then; and
 * whether anything has gone in since (seen by keysFocus).
 */
let moved: {
  readonly from: Element | null;
  readonly field: HTMLInputElement;
  readonly value: string;
  typedIn: boolean;
} | null = null;

function codeField(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('input[data-field="code"]');
}

/** Focuses the code field for a key typed outside any field. */
export function typeToCode(event: KeyboardEvent): void {
  typeInto(codeField(), event);
}

/** Focuses the Stock screen's search field for a key typed outside any field. */
export function typeToSearch(event: KeyboardEvent): void {
  typeInto(document.querySelector<HTMLInputElement>('input[data-testid="stock-search"]'), event);
}

/** Focuses the Returns screen's find field (the receipt's, or with "Bez účtenky" open the goods'). */
export function typeToReturnsFind(event: KeyboardEvent): void {
  typeInto(
    document.querySelector<HTMLInputElement>(
      'input[data-field="return-find"], input[data-field="no-receipt-find"]',
    ),
    event,
  );
}

function typeInto(field: HTMLInputElement | null, event: KeyboardEvent): void {
  if (field === null || !takesTyping(event)) return;
  moved = { from: document.activeElement, field, value: field.value, typedIn: false };
  field.focus();
}

/**
 * The element whose focus says what the next key does, as the key legend shows it: while a key
 * typed elsewhere has only moved focus to the field (nothing has gone in: a scan's keys are held
 * back, and a scan hands focus back), still where it came from; once something went in, the field.
 * So a scan's own hop there and back is no change of focus to show.
 */
export function keysFocus(): Element | null {
  const active = document.activeElement;
  if (moved === null || active !== moved.field) return active;
  // Typed in, then taken out again: still typing there.
  if (moved.field.value !== moved.value) moved.typedIn = true;
  return moved.typedIn ? active : moved.from;
}

/** A key typed outside any field that a field should get: not a combination, nor a control's own. */
function takesTyping(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  // Keys a focused control takes itself stay there: Space presses a button, letters pick in a list.
  const active = document.activeElement;
  if (active instanceof HTMLSelectElement) return false;
  return !(event.key === ' ' && active !== null && active !== document.body);
}

/**
 * A scan came: if a key of it moved focus to the code field (or Stock's or Returns' field) and nothing
 * typed went in there (the scanner module held the scan's keys back), focus goes back where it was.
 */
export function keepFocusFor(startedAt: number | undefined): void {
  const last = moved;
  moved = null;
  if (last === null || startedAt === undefined) return;
  const field = last.field;
  if (document.activeElement !== field || field.value !== last.value) return;
  if (last.from instanceof HTMLElement && last.from !== document.body) last.from.focus();
  else field.blur();
}

/**
 * What was typed in the code field for a key elsewhere is done (a quantity for the selected line,
 * set with Enter): focus goes back where it was, so the arrows pick the next line again.
 */
export function returnFocus(): void {
  const last = moved;
  moved = null;
  if (last === null || document.activeElement !== codeField()) return;
  if (last.from instanceof HTMLElement && last.from !== document.body) last.from.focus();
}
