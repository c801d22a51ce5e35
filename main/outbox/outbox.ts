// The outbox: every internet order is stored first, then sent. It is the sender (sender.ts: the
// state machine that drives orders out) and the operator's actions (actions.ts) on one database,
// wired together; callers that need only one part may take `sender` or `actions`.
import type { Db } from '../../db/database.ts';
import type { OutboxOrder } from '../../db/outbox.ts';
import type { OutboxState } from '../../contract/order.ts';
import { OutboxActions, type SummaryOf } from './actions.ts';
import type { OrderSender } from './place.ts';
import {
  OutboxSender,
  type OrderService,
  type OutboxEvent,
  type OutboxOptions,
  type OutboxStatus,
  type ReplayReport,
} from './sender.ts';

export { OutboxActionError, type OutboxActionFailure } from './actions.ts';
export type { OrderService, OutboxEvent, OutboxOptions, OutboxStatus, ReplayReport } from './sender.ts';

export class Outbox implements OrderSender {
  readonly sender: OutboxSender;
  readonly actions: OutboxActions;

  constructor(db: Db, client: OrderService, options: OutboxOptions = {}) {
    this.sender = new OutboxSender(db, client, options);
    this.actions = new OutboxActions(db, client, this.sender, options.now ? { now: options.now } : {});
  }

  get instance(): string | undefined {
    return this.sender.instance;
  }
  get credentialsRefused(): boolean {
    return this.sender.credentialsRefused;
  }
  on(listener: (event: OutboxEvent) => void): () => void {
    return this.sender.on(listener);
  }
  status(): OutboxStatus {
    return this.sender.status();
  }
  start(): void {
    this.sender.start();
  }
  recoverInterrupted(): number {
    return this.sender.recoverInterrupted();
  }
  stop(): Promise<void> {
    return this.sender.stop();
  }
  wake(): Promise<ReplayReport | undefined> {
    return this.sender.wake();
  }
  replay(options: { readonly ignoreSchedule?: boolean } = {}): Promise<ReplayReport> {
    return this.sender.replay(options);
  }
  sendPlaced(order: OutboxOrder): Promise<OutboxOrder> {
    return this.sender.sendPlaced(order);
  }

  list(states?: readonly OutboxState[]): OutboxOrder[] {
    return this.actions.list(states);
  }
  get(id: number): OutboxOrder | undefined {
    return this.actions.get(id);
  }
  place(order: unknown): Promise<OutboxOrder> {
    return this.actions.place(order);
  }
  /** `summaryOf`: a sale's list row for the fixed order (stored with it, before it is sent). */
  edit(id: number, order: unknown, summaryOf?: SummaryOf): Promise<OutboxOrder> {
    return this.actions.edit(id, order, summaryOf);
  }
  resend(id: number): Promise<OutboxOrder> {
    return this.actions.resend(id);
  }
  markSent(id: number, remoteId: number): OutboxOrder {
    return this.actions.markSent(id, remoteId);
  }
  discard(id: number): OutboxOrder {
    return this.actions.discard(id);
  }
  cancel(id: number): Promise<OutboxOrder> {
    return this.actions.cancel(id);
  }
}
