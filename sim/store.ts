// The sim's own SQLite file. Paginated resources (stock items, receivables) are real columns so
// filters and orderBy become indexed SQL; the other resources are stored as their JSON documents.
import Database from 'better-sqlite3';
import { columnSql, financialReceivableFields, stockItemFields } from './fields.ts';

export type SimDb = Database.Database;

/** Bump when the layout or the generator changes: a data dir seeded by another layout is reseeded. */
export const STORE_LAYOUT = 3;

const docTables = [
  'product',
  'product_unit',
  'supplier_product_code',
  'product_attachment',
  'repricing',
  'company',
  'company_card',
  'authorized_person',
  'representative',
  'country_of_origin',
  'age_limit',
];

function schemaSql(): string {
  return `
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE warehouse (id INTEGER PRIMARY KEY, name TEXT NOT NULL, number TEXT, isInactive INTEGER);
    CREATE TABLE stock_item (${stockItemFields.map(columnSql).join(', ')});
    CREATE INDEX stock_item_warehouse ON stock_item (warehouseId);
    CREATE INDEX stock_item_product ON stock_item (productId, warehouseId);
    CREATE INDEX stock_item_barcode ON stock_item (barcode);
    CREATE INDEX stock_item_product_code ON stock_item (productCode);
    CREATE INDEX stock_item_supplier_code ON stock_item (supplierProductCode);
    CREATE INDEX stock_item_last_modify ON stock_item (lastModify, id);
    CREATE TABLE financial_receivable (${financialReceivableFields.map(columnSql).join(', ')});
    CREATE INDEX financial_receivable_customer ON financial_receivable (customerId);
    ${docTables
      .map(
        (t) =>
          `CREATE TABLE ${t} (id INTEGER PRIMARY KEY AUTOINCREMENT, parentId INTEGER, data TEXT NOT NULL);`,
      )
      .join('\n')}
    CREATE INDEX product_unit_parent ON product_unit (parentId);
    CREATE INDEX supplier_product_code_parent ON supplier_product_code (parentId);
    CREATE INDEX product_attachment_parent ON product_attachment (parentId);
    CREATE INDEX company_card_parent ON company_card (parentId);
    CREATE TABLE company_card_barcode (barcode TEXT PRIMARY KEY, cardId INTEGER NOT NULL);
    CREATE TABLE item_list_entry (id INTEGER PRIMARY KEY AUTOINCREMENT, list TEXT NOT NULL, name TEXT NOT NULL);
    CREATE INDEX item_list_entry_list ON item_list_entry (list, id);
    CREATE TABLE internet_order (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      data TEXT NOT NULL,
      hasDependents INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE idempotency_key (key TEXT PRIMARY KEY, orderId INTEGER NOT NULL);
  `;
}

/** Opens (or creates) the store; returns whether it already held data seeded with this identity. */
export function openStore(file: string, identity: string): { db: SimDb; seeded: boolean } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (hasMeta) {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'identity'").pluck().get();
    if (row === identity) return { db, seeded: true };
    // Seeded by another size/seed/layout: start over rather than mix data sets.
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    for (const t of tables) db.exec(`DROP TABLE "${t}"`);
  }
  db.exec(schemaSql());
  return { db, seeded: false };
}

export function markSeeded(db: SimDb, identity: string): void {
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('identity', ?)").run(identity);
}

/** Typed access to the JSON-document tables. */
export class DocTable {
  readonly #db: SimDb;
  readonly #table: string;
  constructor(db: SimDb, table: string) {
    if (!docTables.includes(table)) throw new Error(`not a document table: ${table}`);
    this.#db = db;
    this.#table = table;
  }

  get(id: number): Record<string, unknown> | undefined {
    const row = this.#db.prepare(`SELECT data FROM ${this.#table} WHERE id = ?`).pluck().get(id);
    return typeof row === 'string' ? parseDoc(row) : undefined;
  }

  list(parentId?: number): Record<string, unknown>[] {
    const rows =
      parentId === undefined
        ? this.#db.prepare(`SELECT data FROM ${this.#table} ORDER BY id`).pluck().all()
        : this.#db
            .prepare(`SELECT data FROM ${this.#table} WHERE parentId = ? ORDER BY id`)
            .pluck()
            .all(parentId);
    return rows.map((r) => parseDoc(String(r)));
  }

  /** Inserts with the next id; `build` gets the id and returns the document to store. */
  insert(parentId: number | null, build: (id: number) => Record<string, unknown>): Record<string, unknown> {
    const next = this.#db
      .prepare(`SELECT COALESCE(MAX(seq), 0) + 1 FROM sqlite_sequence WHERE name = ?`)
      .pluck()
      .get(this.#table) as number;
    const max = this.#db
      .prepare(`SELECT COALESCE(MAX(id), 0) + 1 FROM ${this.#table}`)
      .pluck()
      .get() as number;
    const id = Math.max(next, max);
    const doc = build(id);
    this.#db
      .prepare(`INSERT INTO ${this.#table} (id, parentId, data) VALUES (?, ?, ?)`)
      .run(id, parentId, JSON.stringify(doc));
    return doc;
  }

  put(id: number, doc: Record<string, unknown>): void {
    this.#db.prepare(`UPDATE ${this.#table} SET data = ? WHERE id = ?`).run(JSON.stringify(doc), id);
  }

  delete(id: number): boolean {
    return this.#db.prepare(`DELETE FROM ${this.#table} WHERE id = ?`).run(id).changes > 0;
  }

  count(): number {
    return this.#db.prepare(`SELECT COUNT(*) FROM ${this.#table}`).pluck().get() as number;
  }
}

function parseDoc(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('corrupt document');
  return value as Record<string, unknown>;
}
