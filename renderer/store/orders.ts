// Orders actions: what an operator does with the outbox, and which orders the list shows (filter,
// older pages). An action's changes reach the list by the core's events (each carries the orders that
// changed), so the pages already loaded stay; each action reads the status again and leaves its
// error (or none) in `ordersError` for the Orders screen.
import type { CardDocument, InternetOrderPayload, OutboxEntryView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { pos } from './pos.ts';
import { message, mirrored, useApp } from './app.ts';
import { askToConfirm, withPin, type ConfirmAsk } from './guard.ts';
import type { OrdersQuery } from './orders-list.ts';

type Id = OutboxEntryView['id'];

async function act(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
    useApp.setState({ ordersError: null });
  } catch (error) {
    useApp.setState({ ordersError: message(error) });
  }
  await useApp.getState().refreshStatus();
}

/** Another filter, search or day: the list shows its first page. */
export function setOrdersQuery(patch: Partial<OrdersQuery>): Promise<void> {
  const query = { ...useApp.getState().ordersQuery, ...patch };
  useApp.setState({ ordersQuery: query });
  mirrored.outbox.setQuery(query);
  return useApp.getState().refreshOutbox();
}

/** The next page of older orders, under the ones shown. */
export async function loadOlderOrders(): Promise<void> {
  try {
    await mirrored.outbox.page((input) => pos.invoke('outbox.page', input), true);
  } catch (error) {
    useApp.setState({ outboxError: message(error) });
  }
}

export const replayOutbox = (): Promise<void> => act(() => pos.invoke('outbox.replay', {}));
export const resendOrder = (id: Id, order: InternetOrderPayload): Promise<void> =>
  act(() => pos.invoke('outbox.resend', { id, order }));
/** A card issued here sent again: with its fixed fields (needs-fix), or as it is (blocked, in-doubt). */
export const resendCard = (id: Id, card?: CardDocument): Promise<void> =>
  act(() => pos.invoke('outbox.resend', { id, ...(card === undefined ? {} : { card }) }));
// The destructive ones ask first (the safe answer is the default) and need the manager PIN if one is set.
// Their words are the orders catalogue's, in the language spoken when the question is asked.
export const discardOrder = (id: Id): Promise<void> =>
  guarded(
    {
      title: i18n.t('orders:discardTitle', { id: String(id) }),
      body: i18n.t('orders:discardBody'),
      confirmLabel: i18n.t('orders:discardConfirm'),
      keepLabel: i18n.t('orders:keepOrder'),
    },
    () => pos.invoke('outbox.discard', { id }),
  );
export const cancelOrder = (id: Id): Promise<void> =>
  guarded(
    {
      title: i18n.t('orders:cancelTitle', { id: String(id) }),
      body: i18n.t('orders:cancelBody'),
      confirmLabel: i18n.t('orders:cancelConfirm'),
      keepLabel: i18n.t('orders:keepOrder'),
    },
    () => pos.invoke('outbox.cancel', { id }),
  );
export const markSent = (id: Id, remoteId: number): Promise<void> =>
  guarded(
    {
      title: i18n.t('orders:markSentTitle', { id: String(id) }),
      body: i18n.t('orders:markSentBody', { remoteId: String(remoteId) }),
      confirmLabel: i18n.t('orders:markSentConfirm'),
      keepLabel: i18n.t('orders:notYet'),
    },
    () => pos.invoke('outbox.markSent', { id, remoteId }),
  );

async function guarded(ask: ConfirmAsk, call: () => Promise<unknown>): Promise<void> {
  if (await askToConfirm(ask)) await act(() => withPin(call, true));
}

/**
 * The Orders screen opened: its first page again, since orders may also come from the CLI (`pos
 * order`) writing the same outbox, and those send no event here.
 */
export function openOrders(): Promise<void> {
  useApp.setState({ ordersError: null });
  return useApp.getState().refreshOutbox();
}

/** A company the fix form's picker offers: as the cache names it. */
export interface PickedCompany {
  readonly companyId: number;
  readonly name?: string;
}

/** A product the fix form's picker offers: its name and code as the cache has them. */
export interface PickedProduct {
  readonly productId: number;
  readonly name?: string;
  readonly code?: string;
}

/** How many matches a picker shows: a longer list is a more precise search away. */
const PICKS = 5;

/** The fix form's customer picker: known companies by name words or id; none for empty text. */
export async function pickCompanies(text: string): Promise<PickedCompany[]> {
  if (text.trim() === '') return [];
  const found = await pos.invoke('companies.find', { text });
  return found.slice(0, PICKS).map((c) => ({
    companyId: c.companyId,
    ...(c.name === undefined ? {} : { name: c.name }),
  }));
}

/** The fix form's product picker: the offline catalog by name, code or barcode; none for empty text. */
export async function pickProducts(text: string): Promise<PickedProduct[]> {
  if (text.trim() === '') return [];
  const found = await pos.invoke('stock.search', { text, limit: PICKS });
  return found.products.slice(0, PICKS).map((p) => ({
    productId: p.productId,
    ...(p.productName === undefined ? {} : { name: p.productName }),
    ...(p.productCode === undefined ? {} : { code: p.productCode }),
  }));
}
