// The stock-item writer gives way to the till (main/sync/till-work.ts) before it writes: a page is
// not in the SQLite file until its gate lets it go, and a gate that fails fails the page with an Error.
import { expect, it } from 'vitest';
import { createStockWriter, type StockPage } from '../../../main/sync/writer.ts';
import { tempDb } from '../../support/fixtures.ts';
import { cachedStockItems } from './support.ts';

const page = (id: number): StockPage => ({
  rows: [{ id, warehouseId: 1, productId: id, productName: `Item ${id}` }],
  mark: 1,
  syncedAt: new Date().toISOString(),
  cursor: '{}',
});

it('writes a page only once its gate lets it go', async () => {
  const { db } = tempDb('writer-gate');
  let letGo: () => void = () => undefined;
  let asked: () => void = () => undefined;
  const gateAsked = new Promise<void>((resolve) => (asked = resolve));
  const writer = createStockWriter(db, () => {
    asked();
    return new Promise<void>((resolve) => (letGo = resolve));
  });
  const written = writer.write(page(1));
  await gateAsked;
  // Held: whatever time passes, the page is not in the file.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(cachedStockItems(db)).toHaveLength(0);
  letGo();
  await written;
  expect(cachedStockItems(db).map((row) => row.id)).toEqual([1]);
  await writer.close();
});

it('fails the page with an Error when its gate throws, at once or later', async () => {
  const { db } = tempDb('writer-gate-throws');
  const atOnce = createStockWriter(db, () => {
    throw new Error('gate broke');
  });
  await expect(atOnce.write(page(1))).rejects.toThrow('gate broke');
  const later = createStockWriter(db, () => Promise.reject(new Error('gate broke later')));
  await expect(later.write(page(2))).rejects.toThrow('gate broke later');
  expect(cachedStockItems(db)).toHaveLength(0);
});
