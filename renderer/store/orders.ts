// Orders actions: what an operator does with the outbox. Each one reloads the outbox and the status
// afterwards, and leaves its error (or none) in `ordersError` for the Orders screen.
import type { InternetOrderPayload, OutboxEntryView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { pos } from './pos.ts';
import { message, useApp } from './app.ts';
import { askToConfirm, withPin, type ConfirmAsk } from './guard.ts';

type Id = OutboxEntryView['id'];

async function act(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
    useApp.setState({ ordersError: null });
  } catch (error) {
    useApp.setState({ ordersError: message(error) });
  }
  await useApp.getState().refreshOutbox();
  await useApp.getState().refreshStatus();
}

export const replayOutbox = (): Promise<void> => act(() => pos.invoke('outbox.replay', {}));
export const resendOrder = (id: Id, order: InternetOrderPayload): Promise<void> =>
  act(() => pos.invoke('outbox.resend', { id, order }));
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

/** The Orders screen opened: orders may also come from the CLI (`pos order`) writing the same outbox. */
export function openOrders(): Promise<void> {
  useApp.setState({ ordersError: null });
  return useApp.getState().refreshOutbox();
}
