// The offline catalog's typed queries (migration 0002 and the catalog file's own): what sync writes
// and what the counter, the stock screen and the CLI read, one module per table group under
// db/catalog/, each with its row schema and converters. This file gathers their public API.
// Writers never open their own transaction: the caller (sync) wraps a whole page together with its
// cursor, so a page and its bookkeeping commit as one.
export * from './companies.ts';
export * from './names.ts';
export * from './product-units.ts';
export * from './receivables.ts';
export * from './stock-items.ts';
export * from './sync-run.ts';
export * from './sync-state.ts';
export * from './warehouses.ts';
