import { describe, expect, it } from 'vitest';
import { tempDbFile } from '../test/support/fixtures.ts';
import { openDatabase } from './database.ts';
import { insertSoldLines, soldLines, type SoldLine } from './returns.ts';

describe('sold lines', () => {
  it('keep each unit price as its exact decimal text and read it back as the same number', () => {
    const db = openDatabase(tempDbFile('sold-lines'));
    try {
      db.prepare(
        "INSERT INTO shopping_session (id, state, createdAt, updatedAt) VALUES (1, 'closed', 'x', 'x')",
      ).run();
      const line = (lineNo: number, unitPrice: number): SoldLine => ({
        sessionId: 1,
        lineNo,
        productId: 7,
        productCode: null,
        name: 'Vrut',
        kind: 'unit',
        quantityMilli: 1_000_000,
        unitOfMeasure: 'ks',
        unitPrice,
        vatRate: 21,
        grossMinor: 12500,
        paidMinor: 12500,
      });
      insertSoldLines(db, [line(0, 0.125), line(1, 0.099946), line(2, 1e-7), line(3, 39.9)]);
      const stored = db
        .prepare('SELECT unitPrice, typeof(unitPrice) FROM sold_line ORDER BY lineNo')
        .raw()
        .all();
      expect(stored).toEqual([
        ['0.125', 'text'],
        ['0.099946', 'text'],
        ['0.0000001', 'text'],
        ['39.9', 'text'],
      ]);
      expect(soldLines(db, 1).map((l) => l.unitPrice)).toEqual([0.125, 0.099946, 1e-7, 39.9]);
    } finally {
      db.close();
    }
  });
});
