// The operator's actions on the outbox (the Orders screen, `pos outbox`): list and look, place, edit
// and send again, mark an in-doubt order sent, discard, cancel in the service. Each checks the order's
// state in the same write that changes it, and hands what is to be sent to the sender (sender.ts).
import { ZodError } from 'zod';
import type { Db } from '../../db/database.ts';
import {
  getOutboxOrder,
  isSettling,
  listOutboxOrders,
  recordOutboxOutcome,
  replaceOutboxPayload,
  type OutboxOrder,
  type OutboxOutcome,
} from '../../db/outbox.ts';
import type { OutboxState } from '../../contract/order.ts';
import { zodFieldErrors } from '../ground/index.ts';
import { instanceSays, ServiceError, serviceSaid } from '../service/index.ts';
import { say, type Said } from '../../contract/core-words.ts';
import { OrderValidationError, placeOrder } from './place.ts';
import { storedOrder, type OrderService, type OutboxSender } from './sender.ts';
import { answerLeavesDoubt } from './attempt-outcome.ts';

/** A sale's list row for its fixed payload (replaceOutboxPayload's summaryOf). */
export type SummaryOf = NonNullable<Parameters<typeof replaceOutboxPayload>[5]>;

export type OutboxActionFailure = 'not-found' | 'wrong-state' | 'dependent-records' | 'service';

/** An operator action (edit, resend, discard, cancel, mark sent) that could not be done. */
export class OutboxActionError extends Error {
  override name = 'OutboxActionError';
  readonly reason: OutboxActionFailure;
  readonly messages: string[];
  readonly unreachable: boolean;
  /**
   * The instance may have done it though the action failed: no answer came, or a 5xx or 499 came
   * after the request was sent (a DELETE the instance carried out before a later step failed).
   */
  readonly mayHaveBeenDone: boolean;
  /** The same by key, for the screens' language (the English `message` stays for the CLI and the log). */
  readonly said: readonly Said[];
  constructor(
    reason: OutboxActionFailure,
    message: string,
    said: readonly Said[],
    messages: string[] = [],
    unreachable = false,
    mayHaveBeenDone = unreachable,
  ) {
    super(message);
    this.reason = reason;
    this.said = said;
    this.messages = messages;
    this.unreachable = unreachable;
    this.mayHaveBeenDone = mayHaveBeenDone;
  }
}

const SENDABLE_EDIT: readonly OutboxState[] = ['queued', 'needs-fix', 'blocked'];
const DISCARDABLE: readonly OutboxState[] = ['queued', 'needs-fix', 'blocked', 'in-doubt'];
const RESENDABLE: readonly OutboxState[] = ['needs-fix', 'blocked', 'in-doubt'];

export class OutboxActions {
  private readonly db: Db;
  private readonly client: Pick<OrderService, 'deleteInternetOrder'>;
  private readonly sender: OutboxSender;
  private readonly now: () => number;

  constructor(
    db: Db,
    client: Pick<OrderService, 'deleteInternetOrder'>,
    sender: OutboxSender,
    options: { readonly now?: () => number } = {},
  ) {
    this.db = db;
    this.client = client;
    this.sender = sender;
    this.now = options.now ?? Date.now;
  }

  list(states?: readonly OutboxState[]): OutboxOrder[] {
    return listOutboxOrders(this.db, states);
  }

  get(id: number): OutboxOrder | undefined {
    return getOutboxOrder(this.db, id);
  }

  /**
   * Places the order (placeOrder: validated, stored queued under a fresh client reference) and tries
   * to send it at once. Throws OrderValidationError (nothing stored) when it is not an order file's
   * shape. The returned order is in the state the attempt left it.
   */
  async place(order: unknown): Promise<OutboxOrder> {
    return placeOrder(this.db, () => order, { sender: this.sender, now: new Date(this.now()) }).sent;
  }

  /** Edit of an order not yet sent (a needs-fix one, typically): new payload, queued, sent at once. */
  async edit(id: number, order: unknown, summaryOf?: SummaryOf): Promise<OutboxOrder> {
    const current = this.mustFind(id);
    let replaced: OutboxOrder | undefined;
    try {
      replaced = replaceOutboxPayload(this.db, id, SENDABLE_EDIT, order, new Date(this.now()), summaryOf);
    } catch (error) {
      if (error instanceof ZodError) throw new OrderValidationError(zodFieldErrors(error));
      throw error;
    }
    if (!replaced) throw wrongState(current, 'edited', SENDABLE_EDIT);
    this.sender.notify(replaced);
    return (await this.sender.attemptNow(id)) ?? storedOrder(this.db, id);
  }

  /**
   * Operator: send again. For needs-fix and blocked (the cause was fixed), and for an in-doubt order
   * the operator looked up in the service and did not find (the instance cannot recognise replays).
   */
  async resend(id: number): Promise<OutboxOrder> {
    const current = this.mustFind(id);
    // A pass took it from doubt and is settling it now: it sends it again where the instance has not
    // got it, which is what was asked. Answered with the entry as it is (shown in doubt till then).
    if (isSettling(current)) return current;
    const queued = recordOutboxOutcome(this.db, id, RESENDABLE, { state: 'queued' }, new Date(this.now()));
    if (!queued) throw wrongState(current, 'resent', RESENDABLE);
    this.sender.notify(queued);
    return (await this.sender.attemptNow(id)) ?? storedOrder(this.db, id);
  }

  /** Operator: an in-doubt order found in the service under this id. */
  markSent(id: number, remoteId: number): OutboxOrder {
    const current = this.mustFind(id);
    const sent = recordOutboxOutcome(
      this.db,
      id,
      ['in-doubt'],
      { state: 'sent', remoteId, messages: ['Marked as sent by the operator.'] },
      new Date(this.now()),
    );
    if (!sent) throw wrongState(current, 'marked as sent', ['in-doubt']);
    this.sender.notify(sent);
    return sent;
  }

  /** Operator: drop an order that was not sent. Kept as `discarded` for the record. */
  discard(id: number): OutboxOrder {
    const current = this.mustFind(id);
    const discarded = recordOutboxOutcome(
      this.db,
      id,
      DISCARDABLE,
      { ...keepErrors(current), state: 'discarded' },
      new Date(this.now()),
    );
    if (!discarded) throw wrongState(current, 'discarded', DISCARDABLE);
    this.sender.notify(discarded);
    return discarded;
  }

  /**
   * Cancels a sent order through DELETE. A 400 means other records (a delivery note) depend on it:
   * reported as 'dependent-records' and the order stays sent. A 404 means the service no longer has
   * it, which is what cancelling wants: recorded as cancelled with that note.
   */
  async cancel(id: number): Promise<OutboxOrder> {
    const current = this.mustFind(id);
    if (current.state !== 'sent' || current.remoteId === null)
      throw wrongState(current, 'cancelled', ['sent']);
    if (
      this.sender.instance !== undefined &&
      current.instance !== null &&
      current.instance !== this.sender.instance
    ) {
      // Its id means another order (or none) on this instance.
      throw new OutboxActionError(
        'wrong-state',
        `Order ${current.id} belongs to ${current.instance}, not to ${this.sender.instance}: cancel it there.`,
        [say('orderOtherInstance', { id: current.id, instance: current.instance })],
      );
    }
    let note = 'Cancelled in the service.';
    try {
      await this.client.deleteInternetOrder(current.remoteId);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      if (error.kind === 'http' && error.status === 400) {
        throw new OutboxActionError(
          'dependent-records',
          `Order ${current.remoteId} cannot be cancelled: other records depend on it (${error.messages.join(' ') || error.message})`,
          [say('orderDependents', { id: current.remoteId }), ...instanceSays(error.messages)],
          error.messages,
        );
      }
      if (error.kind === 'http' && error.status === 404) note = 'The service no longer has this order (404).';
      else {
        const unreachable = error.kind === 'network' || error.kind === 'timeout';
        throw new OutboxActionError(
          'service',
          `Order ${current.remoteId} could not be cancelled: ${error.message}`,
          [say('orderNotCancelled', { id: current.remoteId }), ...serviceSaid(error)],
          error.messages,
          unreachable,
          unreachable || answerLeavesDoubt(error),
        );
      }
    }
    const cancelled = recordOutboxOutcome(
      this.db,
      id,
      ['sent'],
      { state: 'cancelled', remoteId: current.remoteId, messages: [note] },
      new Date(this.now()),
    );
    if (!cancelled) throw wrongState(storedOrder(this.db, id), 'cancelled', ['sent']);
    this.sender.notify(cancelled);
    return cancelled;
  }

  private mustFind(id: number): OutboxOrder {
    const order = getOutboxOrder(this.db, id);
    if (!order)
      throw new OutboxActionError('not-found', `There is no order ${id} in the outbox`, [
        say('orderNotInOutbox', { id }),
      ]);
    return order;
  }
}

function wrongState(order: OutboxOrder, action: string, allowed: readonly OutboxState[]): OutboxActionError {
  // Shown in doubt while a pass settles it (db/outbox.ts shownState): "changed meanwhile" would not
  // match what the screen shows; the pass ends in a moment.
  const settling = isSettling(order);
  return new OutboxActionError(
    'wrong-state',
    `Order ${order.id} is ${settling ? 'being settled (sending, from in-doubt)' : order.state}; only ${allowed.join(', ')} orders can be ${action}`,
    [say(settling ? 'orderSettling' : 'orderChanged', { id: order.id })],
  );
}

/** Discarding keeps what the service said, for the record. */
function keepErrors(o: OutboxOrder): Omit<OutboxOutcome, 'state'> {
  return {
    fieldErrors: o.fieldErrors,
    messages: o.messages,
    errorId: o.errorId,
    code: o.code,
    permission: o.permission,
    remoteId: o.remoteId,
  };
}
