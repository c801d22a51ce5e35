// Parked sales: F10 on the Sale screen opens the list of sales set aside at this till (stored by the
// core, so they outlast a restart). There F10 parks the sale on the counter, the arrows choose a
// parked one and Enter recalls it; a sale on the counter is then parked in its place, never lost.
import { create } from 'zustand';
import type { ParkedSaleView, SessionView } from '../../contract/contract.ts';
import { formatMoney, formatTime } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { beepError, beepOk } from '../platform/sound.ts';
import { message, useApp } from './app.ts';
import { pos } from './pos.ts';
import { announce, clearEntry } from './sale.ts';

export interface ParkedUi {
  readonly open: boolean;
  readonly list: readonly ParkedSaleView[];
  /** The parked sale Enter recalls. */
  readonly highlighted: number;
  /** Why the last park or recall was refused, in the screens' language. */
  readonly error: string | null;
  readonly busy: boolean;
  /**
   * The store as the status said when the list was last asked for (the call sent): a status saying
   * otherwise came after, and the list may not have it yet, so it is read again.
   */
  readonly asked: StoreSeen;
}

/** What of the status the list follows: the other tills' parked sales in reach, the hub out of reach. */
export interface StoreSeen {
  readonly inStore: number;
  readonly storeDown: boolean;
}

const CLOSED: ParkedUi = {
  open: false,
  list: [],
  highlighted: 0,
  error: null,
  busy: false,
  asked: { inStore: 0, storeDown: false },
};

export const useParked = create<ParkedUi>()(() => CLOSED);

/** Something is on the sale at the counter worth setting aside: lines, or a customer's card. */
export function hasContent(session: SessionView | null): boolean {
  return session !== null && (session.lines.length > 0 || session.customer !== null);
}

/**
 * What F10 does on the Sale screen now: open the list with the sale parkable, just the list, or
 * nothing. `inStore`: the other tills' parked sales this till can recall (the status's store hub).
 */
export function parkingOffer(session: SessionView | null, inStore = 0): 'park' | 'list' | undefined {
  if (hasContent(session)) return 'park';
  return parkedCount(session, inStore) > 0 ? 'list' : undefined;
}

/** The sales the list offers to recall: this till's parked ones and the other tills' in reach. */
export function parkedCount(session: SessionView | null, inStore = 0): number {
  return (session?.parkedCount ?? 0) + inStore;
}

/** The other tills' parked sales this till can recall now, as the status last said. */
export function parkedInStore(status: { storeHub?: { parked?: number } } | null): number {
  return status?.storeHub?.parked ?? 0;
}

/** The store hub out of reach, as the status last said: the other tills' parked sales are not listed. */
export function storeDown(status: { storeHub?: { connected?: boolean } } | null): boolean {
  return status?.storeHub?.connected === false;
}

/** Whether the list, asked for when the status said `asked`, may be behind the status `now`. */
export function behindStatus(asked: StoreSeen, now: StoreSeen): boolean {
  return asked.inStore !== now.inStore || asked.storeDown !== now.storeDown;
}

/** The store as the status says now, as the list follows it. */
function storeSeen(): StoreSeen {
  const { status } = useApp.getState();
  return { inStore: parkedInStore(status), storeDown: storeDown(status) };
}

/**
 * The latest read of the list asked for: an answer to an earlier one is not shown (a later, which
 * may have what the earlier had not, is on its way).
 */
let reads = 0;

/** F10: opens the list of parked sales, read afresh from the core (so it opens with its list in focus). */
export async function openParked(): Promise<void> {
  const { session, status } = useApp.getState();
  if (parkingOffer(session, parkedInStore(status)) === undefined || useParked.getState().open) return;
  // The status now, not when the list appears: one that comes during the call has the list read again.
  const asked = storeSeen();
  const read = ++reads;
  try {
    const list = await pos.invoke('session.parked', {});
    if (read !== reads) return;
    useParked.setState({ ...CLOSED, open: true, list, asked });
  } catch (error) {
    if (read !== reads) return;
    useParked.setState({ ...CLOSED, open: true, error: message(error), asked });
  }
}

/**
 * Reads the open list again: the store's parked sales came or went (the status says so) while it was
 * open. The highlight stays on the sale it was on, so Enter recalls the sale the cashier chose.
 */
export async function refreshParked(): Promise<void> {
  if (!useParked.getState().open) return;
  useParked.setState({ asked: storeSeen() });
  const read = ++reads;
  try {
    const list = await pos.invoke('session.parked', {});
    const { open, list: before, highlighted } = useParked.getState();
    if (!open || read !== reads) return;
    const was = before[highlighted];
    const kept = was === undefined ? -1 : list.findIndex((s) => s.id === was.id && s.till === was.till);
    useParked.setState({
      list,
      highlighted: kept >= 0 ? kept : Math.min(highlighted, Math.max(0, list.length - 1)),
    });
  } catch (error) {
    if (read === reads && useParked.getState().open) useParked.setState({ error: message(error) });
  }
}

export function closeParked(): void {
  reads++;
  useParked.setState(CLOSED);
}

export function moveParked(by: number): void {
  const { list, highlighted } = useParked.getState();
  if (list.length === 0) return;
  useParked.setState({ highlighted: Math.max(0, Math.min(list.length - 1, highlighted + by)) });
}

export function highlightParked(index: number): void {
  useParked.setState({ highlighted: index });
}

/** Parks the sale on the counter; the next scan starts a new one. */
export async function parkSale(): Promise<void> {
  if (!hasContent(useApp.getState().session) || useParked.getState().busy) return;
  useParked.setState({ busy: true, error: null });
  try {
    const result = await pos.invoke('session.park', {});
    useApp.setState({ session: result.session });
    closeParked();
    clearEntry();
    announce(
      { tone: 'ok', text: i18n.t('parked:parked', amounts(result.parked)) },
      { selected: 0, quantityError: null },
    );
    beepOk();
  } catch (error) {
    useParked.setState({ error: message(error), busy: false });
    beepError();
  }
}

/**
 * Whether a listed sale can be recalled here: not one another till recalled first, nor another
 * till's holding an exchange (its credit stays with that till).
 */
export function recallable(sale: ParkedSaleView): boolean {
  return sale.takenBy === undefined && sale.exchangeReceipt === undefined;
}

/** Recalls the parked sale at `index` (the highlighted one by default) to the counter. */
export async function recallParked(index?: number): Promise<void> {
  const { list, highlighted, busy } = useParked.getState();
  const wanted = list[index ?? highlighted];
  // One another till recalled first, or holding another till's exchange, is shown, not recalled.
  if (wanted === undefined || !recallable(wanted) || busy) return;
  useParked.setState({ busy: true, error: null });
  try {
    const result = await pos.invoke('session.recall', {
      id: wanted.id,
      ...(wanted.till === undefined ? {} : { till: wanted.till }),
    });
    useApp.setState({ session: result.session });
    closeParked();
    clearEntry();
    const recalled = { time: formatTime(result.recalled.parkedAt), ...amounts(result.recalled) };
    const text =
      result.parked === null
        ? i18n.t('parked:recalled', recalled)
        : i18n.t('parked:recalledSwapped', {
            ...recalled,
            parkedLines: amounts(result.parked).lines,
            parkedTotal: amounts(result.parked).total,
          });
    announce(
      { tone: 'ok', text },
      { selected: Math.max(0, result.session.lines.length - 1), quantityError: null },
    );
    beepOk();
  } catch (error) {
    useParked.setState({ error: message(error), busy: false });
    beepError();
  }
}

/** "3 lines", "123.00 CZK" of a parked sale, in the screens' language and the prices' currency. */
export function amounts(sale: Pick<ParkedSaleView, 'lineCount' | 'total'>): { lines: string; total: string } {
  return {
    lines: i18n.t('parked:lines', { count: sale.lineCount }),
    total: formatMoney(sale.total, useApp.getState().settings?.currency ?? null),
  };
}
