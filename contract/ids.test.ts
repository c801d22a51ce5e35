import { describe, expect, it } from 'vitest';
import { LineRef, OutboxRef, type OutboxEntryView, type SessionLineView } from './contract.ts';
import { lineId, orderId, type LineId, type OrderId } from './ids.ts';

describe('ids branded per kind', () => {
  it('read as the numbers they are, and one kind is no other (a compile error)', () => {
    const order: OrderId = OutboxRef.parse({ id: 7 }).id;
    const line: LineId = LineRef.parse({ lineId: 3 }).lineId;
    expect([order, line]).toEqual([7, 3]);
    // The check is tsc's: each line below is a type error, and `tsc -b` fails if one stops being one.
    const typeErrors = (entry: OutboxEntryView, row: SessionLineView): unknown[] => [
      // @ts-expect-error an order's id is no line's
      ((id: LineId) => id)(entry.id),
      // @ts-expect-error a line's id is no order's
      ((id: OrderId) => id)(row.id),
      // @ts-expect-error a plain number is no order's id until the core makes it one
      ((id: OrderId) => id)(7),
    ];
    expect(typeof typeErrors).toBe('function');
    expect(orderId(7)).toBe(7);
    expect(lineId(3)).toBe(3);
  });
});
