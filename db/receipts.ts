// Typed queries of the receipt table (migration 16): each order's receipt number, the seller it names
// and how often it was printed. No function here opens a transaction: the counter numbers a receipt
// inside the one that closes its sale, so a number is given exactly when a sale is.
import { z } from 'zod';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { lazy } from '../common/lazy.ts';

export const ReceiptSeller = lazy(() =>
  z.strictObject({
    name: z.string(),
    address: z.string(),
    registrationNumber: z.string(),
    vatNumber: z.string(),
  }),
);
export type ReceiptSeller = z.infer<typeof ReceiptSeller>;

export interface ReceiptRecord {
  readonly orderId: number;
  /** The till's sequence number; null for an order that closed no sale (an order file's). */
  readonly number: number | null;
  readonly prefix: string;
  readonly seller: ReceiptSeller | null;
  readonly printCount: number;
  readonly lastPrintedAt: string | null;
}

const Row = lazy(() =>
  z.object({
    orderId: z.number().int(),
    number: z.number().int().nullable(),
    prefix: z.string(),
    seller: z.string().nullable(),
    printCount: z.number().int(),
    lastPrintedAt: z.string().nullable(),
  }),
);

/**
 * Gives order `orderId` the till's next receipt number (one more than the highest given) with the
 * prefix and seller to print. Call it in the transaction that closes the sale: rolled back with it,
 * the number is not used up, so the sequence has no gaps.
 */
export function issueReceipt(
  db: Db,
  orderId: number,
  issue: { readonly prefix: string; readonly seller: ReceiptSeller | null },
): ReceiptRecord {
  prepared(
    db,
    `INSERT INTO receipt (orderId, number, prefix, seller)
       VALUES (?, (SELECT coalesce(max(number), 0) + 1 FROM receipt), ?, ?)`,
  ).run(
    orderId,
    issue.prefix,
    issue.seller === null ? null : JSON.stringify(ReceiptSeller.parse(issue.seller)),
  );
  const issued = receiptRecord(db, orderId);
  if (issued === undefined) throw new Error(`The receipt of order ${orderId} was not stored.`);
  return issued;
}

/** The number as printed: the till's prefix, a dash, six digits at least ("P1-000123"). */
export function formatReceiptNumber(prefix: string, number: number): string {
  const digits = String(number).padStart(6, '0');
  return prefix === '' ? digits : `${prefix}-${digits}`;
}

/** The number printed on the order's receipt; undefined for an order that closed no sale. */
export function printedReceiptNumber(db: Db, orderId: number): string | undefined {
  const record = receiptRecord(db, orderId);
  return record?.number == null ? undefined : formatReceiptNumber(record.prefix, record.number);
}

export function receiptRecord(db: Db, orderId: number): ReceiptRecord | undefined {
  const row: unknown = prepared(db, 'SELECT * FROM receipt WHERE orderId = ?').get(orderId);
  if (row === undefined) return undefined;
  const r = Row.parse(row);
  return { ...r, seller: r.seller === null ? null : ReceiptSeller.parse(JSON.parse(r.seller)) };
}

/** One more print of order `orderId`'s receipt (an order file's gets its row, unnumbered, now). */
export function countPrint(db: Db, orderId: number, now: Date): void {
  prepared(
    db,
    `INSERT INTO receipt (orderId, printCount, lastPrintedAt) VALUES (?, 1, ?)
       ON CONFLICT (orderId) DO UPDATE SET printCount = printCount + 1, lastPrintedAt = excluded.lastPrintedAt`,
  ).run(orderId, now.toISOString());
}
