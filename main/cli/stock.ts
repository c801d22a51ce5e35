// `pos stock TEXT [--warehouse ID] [--limit N] [--demo]`: offline search of the cache by barcode, product code
// or name; never touches the network. --json prints an array of stock items (SPEC.md field names),
// each with syncedAt, soldHere when this till sold some since that the instance's figures do not
// show yet, and soldInStore ([{ till, quantity }]) for what the store's other tills sold since, as
// their journals reached this till through the store hub (main/outbox/sold-here.ts); --limit caps
// the number of items printed.
import { searchStock, stockFigures, type CachedStockItem } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { soldHere, soldInStore, type SoldAtTill } from '../outbox/index.ts';
import { defineCommand } from './command.ts';
import { DEMO_OPTION, demoDb } from './demo.ts';

export const command = defineCommand({
  summary: 'search the offline stock cache by barcode, product code or name',
  usage: 'TEXT [--warehouse ID] [--limit N] [--demo]',
  positionals: { min: 1, max: 50 }, // unquoted words are joined: `pos stock zlut kun`
  options: {
    warehouse: { type: 'string', description: 'only this warehouse (id)' },
    limit: { type: 'string', description: 'at most N stock items (default 50)' },
    demo: DEMO_OPTION,
  },
  run(ctx) {
    const text = ctx.positionals.join(' ');
    const warehouseId = ctx.int('warehouse', { min: 1 });
    const limit = ctx.int('limit', { min: 1, max: 1000 }) ?? 50;
    const demo = demoDb(ctx);
    try {
      return Promise.resolve(search(demo ?? ctx.db(), text, limit, warehouseId));
    } finally {
      demo?.close();
    }
  },
});

function search(db: Db, text: string, limit: number, warehouseId: number | undefined) {
  const results = searchStock(db, text, {
    limit,
    ...(warehouseId === undefined ? {} : { warehouseId }),
  });
  const found = results.flatMap((r) => r.items).slice(0, limit);
  const figures = stockFigures(
    db,
    found.map((i) => i.id),
  );
  const sold = soldHere(db, figures);
  // The store's other tills' sales too, as their journals reached this till (issue 38).
  const store = soldInStore(db, figures);
  const items = found.map((i): Listed => {
    const n = sold.get(i.id);
    const others = store.get(i.id);
    return {
      ...i,
      ...(n === undefined ? {} : { soldHere: n }),
      ...(others === undefined ? {} : { soldInStore: others.map((t) => ({ ...t })) }),
    };
  });
  return {
    json: items,
    text: items.length === 0 ? `No stock item matches "${text}".` : table(items),
  };
}

type Listed = CachedStockItem & { soldHere?: number; soldInStore?: SoldAtTill[] };

function table(items: readonly Listed[]): string {
  const rows = items.map((i) => [
    i.barcode ?? '',
    i.productCode ?? '',
    i.productName ?? '',
    `${i.warehouseName ?? i.warehouseId}`,
    `${i.quantityInStock ?? ''}`,
    `${i.quantityAvailable ?? ''}`,
    `${i.soldHere ?? ''}`,
    (i.soldInStore ?? []).map((t) => `${t.till} ${t.quantity}`).join(', '),
    `${i.price ?? ''}`,
    i.unitOfMeasure ?? '',
    age(i.syncedAt),
  ]);
  // "sold here": sold at this till since the figures beside it were synced, not in them yet;
  // "other tills": what the store's other tills sold since, per till (their journals).
  const header = [
    'barcode',
    'code',
    'name',
    'warehouse',
    'in stock',
    'available',
    'sold here',
    'other tills',
    'price',
    'unit',
    'synced',
  ];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

function age(syncedAt: string): string {
  const minutes = Math.round((Date.now() - Date.parse(syncedAt)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
}
