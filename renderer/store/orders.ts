// Orders actions: what an operator does with the outbox. Each one reloads the outbox and the status
// afterwards, and leaves its error (or none) in `ordersError` for the Orders screen.
import type { InternetOrderPayload, OutboxEntryView } from '../../preload/contract.ts';
import { pos } from '../pos.ts';
import { message, useApp } from '../store.ts';

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
export const discardOrder = (id: Id): Promise<void> => act(() => pos.invoke('outbox.discard', { id }));
export const cancelOrder = (id: Id): Promise<void> => act(() => pos.invoke('outbox.cancel', { id }));
export const markSent = (id: Id, remoteId: number): Promise<void> =>
  act(() => pos.invoke('outbox.markSent', { id, remoteId }));

/** The Orders screen opened: orders may also come from the CLI (`pos order`) writing the same outbox. */
export function openOrders(): Promise<void> {
  useApp.setState({ ordersError: null });
  return useApp.getState().refreshOutbox();
}
