import type { Migration } from './types.ts';

/** One source of events for the summary: this till's journal (till '') or the others' store_event. */
interface Source {
  readonly table: 'journal' | 'store_event';
  /** The till of NEW in a trigger, of `e` in the backfill. */
  readonly till: (row: string) => string;
}

const SOURCES: readonly Source[] = [
  { table: 'journal', till: () => "''" },
  { table: 'store_event', till: (row) => `${row}.till` },
];

/** What an event does to the summary, as SQL on event row `r` (NEW in a trigger). */
function effects(till: string, r: string): string[] {
  const shift = `json_extract(${r}.body, '$.shiftId')`;
  const int = (path: string) => `json_type(${r}.body, '$.${path}') = 'integer'`;
  const row = `WHERE till = ${till} AND shiftId = ${shift}`;
  const cash = `(SELECT coalesce(sum(json_extract(p.value, '$.amountMinor')), 0)
                  FROM json_each(${r}.body, '$.payments') p WHERE json_extract(p.value, '$.method') = 'cash')`;
  const amount = `json_extract(${r}.body, '$.amountMinor')`;
  return [
    `INSERT OR IGNORE INTO store_shift (till, shiftId, floatMinor)
       SELECT ${till}, ${shift}, json_extract(${r}.body, '$.floatMinor')
       WHERE ${r}.kind = 'shift-open' AND ${int('shiftId')} AND ${int('floatMinor')};`,
    `UPDATE store_shift SET closed = 1 ${row} AND ${r}.kind = 'shift-close';`,
    `UPDATE store_shift SET sales = sales + 1, salesMinor = salesMinor + json_extract(${r}.body, '$.totalMinor'),
       cashSalesMinor = cashSalesMinor + ${cash}
       ${row} AND ${r}.kind = 'sale' AND ${int('totalMinor')};`,
    `UPDATE store_shift SET cashInMinor = cashInMinor + ${amount}
       ${row} AND ${r}.kind = 'cash-move' AND json_extract(${r}.body, '$.direction') = 'in' AND ${int('amountMinor')};`,
    `UPDATE store_shift SET cashOutMinor = cashOutMinor + ${amount}
       ${row} AND ${r}.kind = 'cash-move' AND json_extract(${r}.body, '$.direction') = 'out' AND ${int('amountMinor')};`,
    `UPDATE store_shift SET cashRefundsMinor = cashRefundsMinor + ${amount}
       ${row} AND ${r}.kind = 'return-refund' AND json_extract(${r}.body, '$.method') = 'cash' AND ${int('amountMinor')};`,
  ];
}

function trigger(source: Source): string {
  return `CREATE TRIGGER ${source.table}_store_shift AFTER INSERT ON ${source.table}
      WHEN NEW.kind IN ('shift-open', 'shift-close', 'sale', 'cash-move', 'return-refund')
      BEGIN
        ${effects(source.till('NEW'), 'NEW').join('\n        ')}
      END;`;
}

/** A sum over the events of the summary row's till and shift (the backfill), `what` on event `v`. */
function backfill(what: string, where: string, from = 'store_shift_events v'): string {
  return `(SELECT coalesce(${what}, 0) FROM ${from}
            WHERE v.till = store_shift.till AND json_extract(v.body, '$.shiftId') = store_shift.shiftId AND ${where})`;
}

/**
 * The store's shift view (issue 38) read every journal event of every till at each call, so it grew
 * slower with every sale. store_shift keeps each till's shifts (this till's under till '') with what
 * the view shows, updated by triggers in the statement that adds an event: this till's journal row,
 * another till's row in store_event (inserted once per (till, seq): a redelivery inserts nothing and
 * changes nothing). Events of one till come in its own order, so a shift's opening is there before
 * its sales; a sale of a shift not opened here changes nothing, as the view did. The events already
 * stored are summed once here.
 */
export const storeShift: Migration = {
  version: 33,
  name: 'store-shift',
  up: `
    CREATE TABLE store_shift (
      till TEXT NOT NULL, -- '': this till
      shiftId INTEGER NOT NULL,
      floatMinor INTEGER NOT NULL,
      closed INTEGER NOT NULL DEFAULT 0,
      sales INTEGER NOT NULL DEFAULT 0,
      salesMinor INTEGER NOT NULL DEFAULT 0,
      cashSalesMinor INTEGER NOT NULL DEFAULT 0,
      cashInMinor INTEGER NOT NULL DEFAULT 0,
      cashOutMinor INTEGER NOT NULL DEFAULT 0,
      cashRefundsMinor INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (till, shiftId)
    ) STRICT;

    CREATE TEMP VIEW store_shift_events AS
      SELECT '' AS till, kind, body FROM journal UNION ALL SELECT till, kind, body FROM store_event;
    INSERT OR IGNORE INTO store_shift (till, shiftId, floatMinor)
      SELECT till, json_extract(body, '$.shiftId'), json_extract(body, '$.floatMinor') FROM store_shift_events
      WHERE kind = 'shift-open' AND json_type(body, '$.shiftId') = 'integer'
        AND json_type(body, '$.floatMinor') = 'integer';
    UPDATE store_shift SET
      closed = ${backfill('max(1)', "v.kind = 'shift-close'")},
      sales = ${backfill('count(*)', "v.kind = 'sale' AND json_type(v.body, '$.totalMinor') = 'integer'")},
      salesMinor = ${backfill("sum(json_extract(v.body, '$.totalMinor'))", "v.kind = 'sale' AND json_type(v.body, '$.totalMinor') = 'integer'")},
      cashSalesMinor = ${backfill(
        "sum(json_extract(p.value, '$.amountMinor'))",
        "v.kind = 'sale' AND json_type(v.body, '$.totalMinor') = 'integer' AND json_extract(p.value, '$.method') = 'cash'",
        "store_shift_events v, json_each(v.body, '$.payments') p",
      )},
      cashInMinor = ${backfill("sum(json_extract(v.body, '$.amountMinor'))", "v.kind = 'cash-move' AND json_extract(v.body, '$.direction') = 'in' AND json_type(v.body, '$.amountMinor') = 'integer'")},
      cashOutMinor = ${backfill("sum(json_extract(v.body, '$.amountMinor'))", "v.kind = 'cash-move' AND json_extract(v.body, '$.direction') = 'out' AND json_type(v.body, '$.amountMinor') = 'integer'")},
      cashRefundsMinor = ${backfill("sum(json_extract(v.body, '$.amountMinor'))", "v.kind = 'return-refund' AND json_extract(v.body, '$.method') = 'cash' AND json_type(v.body, '$.amountMinor') = 'integer'")};
    DROP VIEW store_shift_events;

    ${SOURCES.map(trigger).join('\n    ')}
  `,
};
