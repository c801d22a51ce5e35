// Stock actions: the search over the offline cache. Typing waits a moment for the next key; a scan
// looks its code up at once, whether or not the search field has focus.
import { pos } from './pos.ts';
import { message, useApp, type StockUi } from './app.ts';

/** More than a person scrolls through; past it the search needs another word. */
export const RESULT_LIMIT = 500;
/** Typing waits this long for the next key before asking the cache. */
const TYPING_PAUSE_MS = 80;

let pending: ReturnType<typeof setTimeout> | undefined;
/** Latest query wins: an answer to an older query that arrives late is dropped. */
let latest = 0;

function setStock(patch: Partial<StockUi>): void {
  useApp.setState((s) => ({ stock: { ...s.stock, ...patch } }));
}

/** The search text as typed: the search runs once typing pauses. */
export function searchStock(text: string): void {
  setStock({ text });
  clearTimeout(pending);
  const query = ++latest;
  pending = setTimeout(() => void run(text, query), TYPING_PAUSE_MS);
}

/** A scan on the Stock screen: its code becomes the search and is looked up now. */
export function lookUpScan(code: string): Promise<void> {
  clearTimeout(pending);
  setStock({ text: code });
  return run(code, ++latest);
}

async function run(text: string, query: number): Promise<void> {
  try {
    const result = await pos.invoke('stock.search', { text, limit: RESULT_LIMIT });
    if (query === latest) setStock({ result, error: null });
  } catch (error) {
    if (query === latest) setStock({ error: message(error) });
  }
}
