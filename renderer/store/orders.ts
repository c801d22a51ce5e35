// Orders actions: what an operator does with the outbox. Each one reloads the outbox and the status
// afterwards, and leaves its error (or none) in `ordersError` for the Orders screen.
import type { InternetOrderPayload, OutboxEntryView } from '../../preload/contract.ts';
import { pos } from '../pos.ts';
import { message, useApp } from '../store.ts';
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
export const discardOrder = (id: Id): Promise<void> =>
  guarded(
    {
      title: `Discard order #${String(id)}?`,
      body: 'It will never be sent. The record is kept, but the sale is gone.',
      confirmLabel: 'Discard order',
      keepLabel: 'Keep the order',
    },
    () => pos.invoke('outbox.discard', { id }),
  );
export const cancelOrder = (id: Id): Promise<void> =>
  guarded(
    {
      title: `Cancel order #${String(id)} on the instance?`,
      body: 'The instance is told to cancel the order. This cannot be undone from the counter.',
      confirmLabel: 'Cancel the order',
      keepLabel: 'Keep the order',
    },
    () => pos.invoke('outbox.cancel', { id }),
  );
export const markSent = (id: Id, remoteId: number): Promise<void> =>
  guarded(
    {
      title: `Mark order #${String(id)} as sent?`,
      body: `Only if you found it on the instance as order id ${String(remoteId)}: it will never be sent again.`,
      confirmLabel: 'Mark as sent',
      keepLabel: 'Not yet',
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
