// Sale actions: the shopping session at the counter (scan, quantities, lines, place, void) and the
// Sale screen's selection. Every call the Sale screen makes to the core goes through here.
import { flushSync } from 'react-dom';
import type { OutboxEntryView, ScanOutcome, SessionLineView } from '../../preload/contract.ts';
import { pos } from '../pos.ts';
import { beepError, beepOk } from '../sound.ts';
import { message, setSale, useApp, type Outcome } from '../store.ts';

/** The payment the panel took: cash with the amount handed over, or card (the total). */
export interface Tender {
  readonly method: 'cash' | 'card';
  readonly given?: number;
}

/** How long the first F8 keeps the void armed. */
const VOID_ARMED_MS = 4000;
let disarm: ReturnType<typeof setTimeout> | undefined;

/** Adds a product or takes a customer card. The outcome is shown (and cued) on the Sale screen and returned. */
export async function scan(code: string, via: 'scanner' | 'keyboard'): Promise<Outcome> {
  try {
    const result = await pos.invoke('session.scan', { code, via });
    const shown = describe(result.outcome);
    const lineId = result.outcome.kind === 'product' ? result.outcome.lineId : undefined;
    const index = lineId === undefined ? -1 : result.session.lines.findIndex((l) => l.id === lineId);
    // Rendered now, not in a later scheduler task: the line must be on screen before the next scan.
    flushSync(() => {
      useApp.setState({ session: result.session, sessionError: null });
      setSale({ placed: null, outcome: shown, ...(index >= 0 ? { selected: index } : {}) });
    });
    if (shown.tone === 'ok') beepOk();
    else beepError();
    return shown;
  } catch (error) {
    const shown: Outcome = { tone: 'error', text: message(error) };
    setSale({ outcome: shown });
    beepError();
    return shown;
  }
}

export async function setQuantity(line: SessionLineView, quantity: number): Promise<void> {
  if (!(quantity > 0)) return;
  try {
    const next = await pos.invoke('session.setQuantity', { lineId: line.id, quantity });
    useApp.setState({ session: next });
  } catch (error) {
    setSale({ outcome: { tone: 'error', text: message(error) } });
  }
}

/** One more or one less of a line, counted from its quantity now (an earlier edit may have landed). */
export function stepQuantity(lineId: SessionLineView['id'], by: number): void {
  const now = useApp.getState().session?.lines.find((l) => l.id === lineId);
  if (now !== undefined && now.quantity + by > 0) void setQuantity(now, now.quantity + by);
}

export async function removeLine(line: SessionLineView): Promise<void> {
  try {
    const next = await pos.invoke('session.removeLine', { lineId: line.id });
    useApp.setState({ session: next });
    const selected = useApp.getState().sale.selected;
    setSale({ selected: Math.max(0, Math.min(selected, next.lines.length - 1)) });
  } catch (error) {
    setSale({ outcome: { tone: 'error', text: message(error) } });
  }
}

export function selectLine(index: number): void {
  setSale({ selected: index });
}

/** Moves the selection by `by` lines, within the sale. */
export function moveSelection(by: number): void {
  const { session, sale } = useApp.getState();
  const count = session?.lines.length ?? 0;
  setSale({ selected: Math.max(0, Math.min(count - 1, sale.selected + by)) });
}

/** Places the order with its tender (the payment panel's Enter, store/payment.ts): stored at once, its
 * first attempt runs now; the outbox says what became of it. Returns the order's id, or null if refused. */
export async function closeSale(tender?: Tender): Promise<OutboxEntryView['id'] | null> {
  const { sale, session } = useApp.getState();
  if (sale.busy || (session?.lines.length ?? 0) === 0) return null;
  setSale({ busy: true });
  try {
    const closed = await pos.invoke('session.close', tender === undefined ? {} : { tender });
    useApp.setState({ session: closed.session });
    setSale({ placed: closed.order.id, outcome: null });
    void useApp.getState().refreshOutbox();
    void useApp.getState().refreshStatus();
    return closed.order.id;
  } catch (error) {
    setSale({ outcome: { tone: 'error', text: message(error) } });
    return null;
  } finally {
    setSale({ busy: false });
  }
}

/** Voids the sale on the second press within a few seconds (F8 twice): one stray key must not lose a basket. */
export async function voidSale(): Promise<void> {
  const { session, sale } = useApp.getState();
  if (session === null || (session.lines.length === 0 && session.customer === null)) return;
  clearTimeout(disarm);
  if (!sale.voidArmed) {
    setSale({ voidArmed: true });
    disarm = setTimeout(() => setSale({ voidArmed: false }), VOID_ARMED_MS);
    return;
  }
  setSale({ voidArmed: false });
  try {
    const next = await pos.invoke('session.cancel', {});
    useApp.setState({ session: next });
    setSale({ selected: 0, outcome: { tone: 'ok', text: 'Sale voided. The next scan starts a new one.' } });
  } catch (error) {
    setSale({ outcome: { tone: 'error', text: message(error) } });
  }
}

function describe(outcome: ScanOutcome): Outcome {
  switch (outcome.kind) {
    case 'product':
      return { tone: 'ok', text: `Added: ${outcome.name}` };
    case 'customer':
      return {
        tone: 'ok',
        text: `Customer: ${outcome.name}${outcome.source === 'offline' ? ' (from the offline cache)' : ''}`,
      };
    case 'unknown':
      return { tone: 'error', text: `Unknown code. ${outcome.message}` };
    case 'misread':
      return { tone: 'error', text: `Misread - scan again. ${outcome.message}` };
    case 'rejected':
      return { tone: 'error', text: outcome.message };
  }
}
