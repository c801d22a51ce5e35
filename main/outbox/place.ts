// The one way an order enters the outbox, from every entry point (a closed sale, `pos order`, the
// core): checked against the order file's schema (contract/order.ts), stored `queued` under a fresh client
// reference and on disk before anything may send it, then handed to the sender to try at once. The
// state machine after that is outbox.ts's.
import { ZodError } from 'zod';
import { durably, writeTransaction, type Db } from '../../db/database.ts';
import {
  insertOutboxOrder,
  type OutboxInternetOrder,
  type OutboxOrder,
  type StoredOrderSummary,
} from '../../db/outbox.ts';
import { zodFieldErrors } from '../ground/index.ts';

/** The order is not an order file's shape; nothing was stored. */
export class OrderValidationError extends Error {
  override name = 'OrderValidationError';
  readonly fieldErrors: Record<string, string[]>;
  constructor(fieldErrors: Record<string, string[]>) {
    super(
      `The order is not valid: ${Object.entries(fieldErrors)
        .map(([f, m]) => `${f}: ${m.join(' ')}`)
        .join('; ')}`,
    );
    this.fieldErrors = fieldErrors;
  }
}

/** What tries a placed order at once: the Outbox (outbox.ts). */
export interface OrderSender {
  /** The instance it sends to (instanceKey()), stored with each order; undefined: none stored. */
  readonly instance: string | undefined;
  /** The order comes back in the state the attempt left it. */
  sendPlaced(order: OutboxOrder): Promise<OutboxOrder>;
}

export interface PlaceOrderOptions {
  /** The ShoppingSession the order closes, if any. */
  readonly originSessionId?: number;
  /**
   * Writes that must commit with the order or not at all (the counter closes its session); a throw
   * here stores nothing.
   */
  readonly alongside?: (stored: OutboxInternetOrder) => void;
  /**
   * What the Orders list shows of it (a closed sale's figures), called inside the transaction after
   * `order`, so it is stored with the order.
   */
  readonly summary?: () => StoredOrderSummary | undefined;
  /** Tries the order once it is stored; without one it waits, queued, for the app's sender. */
  readonly sender?: OrderSender | null;
  readonly now?: Date;
}

export interface PlacedOrder {
  /** As stored (queued), committed to disk. */
  readonly order: OutboxInternetOrder;
  /** The attempt at once: the order in the state it left it (still queued without a sender). */
  readonly sent: Promise<OutboxOrder>;
}

/**
 * Places an order. `order` is called inside the transaction that stores it, so an order made from
 * other records (the counter's session) is read and stored in one step. Throws OrderValidationError
 * (nothing stored) when it is not an order file's shape.
 */
export function placeOrder(db: Db, order: () => unknown, options: PlaceOrderOptions = {}): PlacedOrder {
  const sender = options.sender ?? null;
  let stored: OutboxInternetOrder;
  try {
    // Durably: once placed, a power cut must not take the order back.
    stored = durably(db, () =>
      writeTransaction(db, () => {
        const payload = order();
        const summary = options.summary?.();
        const inserted = insertOutboxOrder(db, payload, {
          ...(summary === undefined ? {} : { summary }),
          ...(options.originSessionId === undefined ? {} : { originSessionId: options.originSessionId }),
          ...(sender?.instance === undefined ? {} : { instance: sender.instance }),
          ...(options.now === undefined ? {} : { now: options.now }),
        });
        options.alongside?.(inserted);
        return inserted;
      }),
    );
  } catch (error) {
    if (error instanceof ZodError) throw new OrderValidationError(zodFieldErrors(error));
    throw error;
  }
  return { order: stored, sent: sender === null ? Promise.resolve(stored) : sender.sendPlaced(stored) };
}
