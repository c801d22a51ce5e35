// Returns on Orders (issue 37): the till's returns with where each one's document is, a return's
// receipt in a dialog to print again (on the receipt printer through its queue, a copy; else the
// system print path, counted once the dialog is done), and the manager's actions: a back-office
// return marked booked there, a return in doubt settled by what the instance shows (the PIN first).
import { create } from 'zustand';
import type { ReturnView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { message } from './app.ts';
import { Newest } from './newest.ts';
import { askToConfirm, withPin } from './guard.ts';
import { pos } from './pos.ts';
import { printerInUse } from './printer.ts';

interface ReturnsUi {
  readonly list: readonly ReturnView[];
  readonly error: string | null;
  /** The return whose receipt is open in the dialog. */
  readonly dialog: ReturnView | null;
  /** Said after a reprint went to the receipt printer's queue. */
  readonly notice: string | null;
}

export const useReturns = create<ReturnsUi>()(() => ({ list: [], error: null, dialog: null, notice: null }));

/**
 * The list as the core last said it. Reloaded whenever the core says the till's returns changed
 * (`returns.changed`) or the outbox did (a return's state follows its document's order), so list
 * answers may overlap: an older one never overwrites a newer list, nor a return an action just
 * changed, and an older one's refusal does not stand over a newer list.
 */
const listView = new Newest<readonly ReturnView[]>((list) => useReturns.setState({ list, error: null }));

export async function loadReturns(): Promise<void> {
  await listView.askOr(
    () => pos.invoke('returns.list', {}),
    (error) => useReturns.setState({ error: message(error) }),
  );
}

/** Reads the list again each time the core says the till's returns changed; returns the stop. */
export function followReturns(): () => void {
  const offs = [
    pos.on('returns.changed', () => void loadReturns()),
    // Read again once the event stream (re)opens: what the core said while it was down never comes.
    pos.opened(() => void loadReturns()),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/**
 * One return as it is now, in the list and the dialog; then the whole list again, since a list asked
 * just before this answer is dropped by it and may have been newer for the other rows.
 */
function replace(view: ReturnView): void {
  const { list, dialog } = useReturns.getState();
  listView.event(list.map((r) => (r.id === view.id ? view : r)));
  if (dialog?.id === view.id) useReturns.setState({ dialog: view });
  void loadReturns();
}

export async function openReturnReceipt(id: number): Promise<void> {
  try {
    useReturns.setState({ dialog: await pos.invoke('returns.get', { id }), error: null, notice: null });
  } catch (error) {
    useReturns.setState({ error: message(error) });
  }
}

export function closeReturnReceipt(): void {
  useReturns.setState({ dialog: null, notice: null });
}

let pendingCount: (() => void) | null = null;

/** Prints the open return's receipt: the receipt printer's queue when one is set, else the system print path. */
export async function printReturnReceipt(): Promise<void> {
  const shown = useReturns.getState().dialog;
  if (shown === null) return;
  if (printerInUse()) {
    try {
      const job = await pos.invoke('returns.reprint', { id: shown.id });
      useReturns.setState({
        notice: i18n.t(job.copy ? 'orders:returnReprintQueued' : 'orders:returnPrintQueued'),
      });
    } catch (error) {
      useReturns.setState({ error: message(error) });
    }
    return;
  }
  if (pendingCount !== null) window.removeEventListener('afterprint', pendingCount);
  const counted = () => {
    window.removeEventListener('afterprint', counted);
    pendingCount = null;
    pos
      .invoke('returns.printed', { id: shown.id })
      .then(replace)
      .catch((error: unknown) => useReturns.setState({ error: message(error) }));
  };
  pendingCount = counted;
  window.addEventListener('afterprint', counted);
  window.print();
}

/** A manager marks a back-office return booked there (the PIN when one is set). */
export async function markReturnBooked(id: number): Promise<void> {
  try {
    replace(await withPin(() => pos.invoke('returns.markBooked', { id }), true));
  } catch (error) {
    useReturns.setState({ error: message(error) });
  }
}

/** A manager settles a return in doubt by what the instance shows (asked first, then the PIN). */
export async function settleReturn(id: number, deleted: boolean): Promise<void> {
  const shown = useReturns.getState().list.find((r) => r.id === id);
  const yes = await askToConfirm({
    title: i18n.t('orders:returnSettleTitle', { number: shown?.number ?? '' }),
    body: i18n.t(deleted ? 'orders:returnSettleGoneBody' : 'orders:returnSettleThereBody', {
      order: shown?.saleRemoteId ?? '',
    }),
    confirmLabel: i18n.t(deleted ? 'orders:returnSettleGone' : 'orders:returnSettleThere'),
    keepLabel: i18n.t('orders:returnSettleKeep'),
  });
  if (!yes) return;
  try {
    replace(await withPin(() => pos.invoke('returns.settle', { id, deleted }), true));
  } catch (error) {
    useReturns.setState({ error: message(error) });
  }
}
