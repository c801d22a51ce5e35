// `pos shift` prints the open shift's X report; `--last` the last closed shift's Z report as it was at
// close, with where each of its sales' orders is now. `pos shift open --float AMOUNT` opens a shift
// with the float counted into the drawer; `pos shift close --counted AMOUNT [--pin PIN]` closes it
// with the cash counted (a difference over Settings' limit needs the manager PIN when one is set).
// AMOUNT is in the currency's major unit as typed (1500, 1500.50 or 1500,50). Exit 0 done, 1 refused
// (no shift open, one already open, the PIN missing or wrong), 2 usage. The till is this data folder's
// counter.sqlite; `--demo` reads the built-in demo's own file instead. `pos shift --store` prints every
// till's open shift as this till knows it through the store hub (what the app has applied of the
// others' journals): sales, expected cash, and the store's total.
import { join } from 'node:path';
import { english } from '../../contract/core-words.ts';
import type { ShiftReportView } from '../../contract/contract.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { pinMatches } from '../settings/manager-pin.ts';
import { SettingsStore } from '../settings/store.ts';
import { hubFromEnv, readHubSettings, storeShifts } from '../hub/index.ts';
import {
  closeShift,
  currentReport,
  differenceWords,
  formatMinor,
  lastZReport,
  openShift,
  ShiftError,
  toMinor,
  TypedAmount,
} from '../shift/index.ts';
import {
  actionWord,
  CliError,
  defineCommand,
  EXIT,
  usageError,
  type CommandContext,
  type CommandResult,
} from './command.ts';

const ACTIONS = ['report', 'open', 'close'] as const;
type Action = (typeof ACTIONS)[number];

export const command = defineCommand({
  summary:
    "the open shift's X report (--last: the last Z report); open with a float, close with the cash counted",
  usage: '[--last | --store] | open --float AMOUNT | close --counted AMOUNT [--pin PIN]',
  positionals: { min: 0, max: 1 },
  options: {
    last: { type: 'boolean', description: "the last closed shift's Z report instead of the open one's X" },
    store: { type: 'boolean', description: "every till's open shift in the store (through the store hub)" },
    float: { type: 'string', description: 'open: the cash counted into the drawer, e.g. 1500 or 1500.50' },
    counted: { type: 'string', description: 'close: the cash counted in the drawer, e.g. 2345.50' },
    pin: {
      type: 'string',
      description: 'close: the manager PIN, for a difference over the limit in Settings',
    },
    demo: {
      type: 'boolean',
      description: "the built-in demo's till (its own file) instead of the configured one",
    },
  },
  run(ctx) {
    const action = actionOf(ctx);
    const demo = ctx.flag('demo')
      ? openDatabase(join(ctx.config().dataDir, 'demo.sqlite'), { busyTimeoutMs: 30_000 })
      : undefined;
    const db = demo ?? ctx.db();
    const now = new Date();
    try {
      switch (action) {
        case 'report': {
          if (ctx.flag('last')) return Promise.resolve(reportResult(lastZReport(db, now)));
          if (ctx.flag('store')) return Promise.resolve(storeResult(ctx, db));
          const open = currentReport(db, now);
          if (open === null) throw new CliError(EXIT.failure, english([{ key: 'shiftClosed' }]));
          return Promise.resolve(reportResult(open));
        }
        case 'open':
          return Promise.resolve(reportResult(openShift(db, amount(ctx, 'float'), now)));
        case 'close':
          return Promise.resolve(reportResult(close(ctx, db, amount(ctx, 'counted'), now)));
      }
    } catch (error) {
      if (error instanceof ShiftError)
        throw new CliError(EXIT.failure, error.message, { reason: error.code });
      throw error;
    } finally {
      demo?.close();
    }
  },
});

function actionOf(ctx: CommandContext): Action {
  const action = actionWord(ACTIONS, ctx.positionals[0], { name: 'shift', usage: command.usage });
  const allowed: Record<Action, readonly string[]> = {
    report: ['last', 'store'],
    open: ['float'],
    close: ['counted', 'pin'],
  };
  for (const name of ['last', 'store', 'float', 'counted', 'pin']) {
    if (ctx.options[name] !== undefined && !allowed[action].includes(name)) {
      throw usageError(
        `--${name} does not go with ${action === 'report' ? 'the report' : `shift ${action}`}. Usage: pos shift ${command.usage}`,
      );
    }
  }
  return action;
}

/** The store's view: this till by the name POS_STORE_HUB or Settings give it. */
function storeResult(ctx: CommandContext, db: Db): CommandResult {
  const fromEnv = hubFromEnv(process.env);
  const settings = readHubSettings(ctx.db());
  const self = fromEnv?.kind === 'ready' ? fromEnv.till : (settings.till ?? 'this till');
  const set = fromEnv !== undefined || settings.url !== null || settings.hosts;
  const view = storeShifts(db, self, { set, connected: false });
  // The CLI does not reach the hub: it prints what this till has applied, without a connection state.
  const json = { hub: view.hub, tills: view.tills, total: view.total };
  const rows = view.tills.map((t) =>
    t.shift === null
      ? `${t.till}: no open shift`
      : `${t.till}: shift ${t.shift.id}, ${t.shift.sales} sales ${formatMinor(t.shift.salesMinor)}, expected cash ${formatMinor(t.shift.expectedCashMinor)}`,
  );
  const total = `store: ${view.total.openShifts} open shifts, ${view.total.sales} sales ${formatMinor(view.total.salesMinor)}, expected cash ${formatMinor(view.total.expectedCashMinor)}`;
  return { json, text: [...rows, total].join('\n') };
}

/** An amount option, typed in major units, as exact minor units; a usage error naming it otherwise. */
function amount(ctx: CommandContext, name: 'float' | 'counted'): number {
  const raw = ctx.string(name);
  if (raw === undefined) throw usageError(`--${name} AMOUNT is needed. Usage: pos shift ${command.usage}`);
  const parsed = TypedAmount.safeParse(raw);
  if (!parsed.success)
    throw usageError(`--${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}: "${raw}"`);
  return parsed.data;
}

/** Closes with the manager PIN from --pin checked against Settings', when the difference needs it. */
function close(ctx: CommandContext, db: Db, countedMinor: number, now: Date): ShiftReportView {
  // The manager PIN and the limit are the app's Settings, in the configured file.
  const settings = new SettingsStore(ctx.db()).read();
  return closeShift(
    db,
    {
      countedMinor,
      limitMinor: toMinor(settings.cashDifferenceLimit),
      approve: (difference) => {
        if (settings.managerPinHash === null) return false;
        const pin = ctx.string('pin');
        const why = english(differenceWords(difference));
        if (pin === undefined)
          throw new CliError(EXIT.failure, `${why} Give it with --pin.`, { reason: 'locked' });
        if (!pinMatches(pin, settings.managerPinHash))
          throw new CliError(EXIT.failure, 'The manager PIN is wrong; the shift is still open.', {
            reason: 'wrong-pin',
          });
        return true;
      },
    },
    now,
  );
}

function reportResult(report: ShiftReportView): CommandResult {
  return { json: report, text: reportText(report) };
}

/** The report for people: the figures a manager reads at closing, then where the sales' orders are. */
export function reportText(r: ShiftReportView): string {
  const money = (n: number): string => formatMinor(toMinor(n));
  const lines = [
    `${r.kind} report of shift ${r.id} (${r.state}), ${r.at}`,
    `  opened ${r.openedAt}${r.openedBy === null ? '' : ` by ${r.openedBy.name}`}, float ${money(r.float)}`,
  ];
  if (r.closedAt !== undefined) {
    lines.push(`  closed ${r.closedAt}${r.closedBy == null ? '' : ` by ${r.closedBy.name}`}`);
  }
  lines.push(`  sales: ${r.sales.count}, ${money(r.sales.gross)}`);
  for (const [method, paid] of Object.entries(r.byMethod)) lines.push(`    ${method}: ${money(paid)}`);
  for (const v of r.byVatRate) {
    lines.push(`    VAT ${v.vatRate} %: base ${money(v.base)}, VAT ${money(v.vat)}, gross ${money(v.gross)}`);
  }
  if (r.rounding !== 0) lines.push(`    cash rounding: ${money(r.rounding)}`);
  for (const c of r.byCashier) {
    lines.push(
      `    ${c.name ?? 'nobody signed in'}: ${c.sales.count} sale(s) ${money(c.sales.gross)}, ${c.voids.count} void(s)`,
    );
  }
  lines.push(`  voids: ${r.voids.count}, ${money(r.voids.gross)}`);
  lines.push(
    `  cancelled on the instance: ${r.cancelled.count}, ${money(r.cancelled.gross)} (cash given back ${money(r.cancelled.cashRefunded)})`,
  );
  if (r.returns !== undefined) {
    const byMethod = Object.entries(r.returns.byMethod).map(([m, paid]) => `${m} ${money(paid)}`);
    lines.push(`  returns: ${r.returns.count}, ${money(r.returns.gross)} (refunded: ${byMethod.join(', ')})`);
    for (const x of r.returns.list)
      lines.push(
        `    ${x.number}${x.receipt === undefined ? '' : ` of ${x.receipt}`}: ${money(x.total)}, ${x.state}`,
      );
  }
  lines.push(
    `  cash: taken ${money(r.cashTaken)}, change ${money(r.changeGiven)}, paid in ${money(r.paidIn)}, paid out ${money(r.paidOut)}`,
  );
  for (const m of r.cashMoves) lines.push(`    paid ${m.direction} ${money(m.amount)}: ${m.reason}`);
  lines.push(`  drawer opened without a sale: ${r.drawerOpenings.length}`);
  for (const o of r.drawerOpenings) lines.push(`    ${o.at}${o.by === 'manager' ? ' (manager PIN)' : ''}`);
  lines.push(`  expected in the drawer: ${money(r.expectedCash)}`);
  if (r.countedCash !== undefined && r.difference !== undefined) {
    const approval =
      r.overLimit === true
        ? r.managerApproved === true
          ? ' (over the limit, approved by the manager)'
          : ' (over the limit)'
        : '';
    lines.push(`  counted: ${money(r.countedCash)}, difference ${money(r.difference)}${approval}`);
  }
  const first = r.receiptNumbers.first;
  if (first !== null) lines.push(`  receipts ${first} to ${r.receiptNumbers.last ?? first}`);
  lines.push(ordersLine(r));
  return lines.join('\n');
}

/** Whether every sale reached the instance, in words; what is not there yet stays in the outbox. */
function ordersLine(r: ShiftReportView): string {
  const o = r.followUp?.orders ?? r.orders;
  const head = `  orders: ${o.placed} placed, ${o.acknowledged} acknowledged by the instance`;
  const parts = [
    o.queued > 0 ? `${o.queued} waiting to be sent` : '',
    o.inDoubt > 0 ? `${o.inDoubt} in doubt (a person must find out whether the instance has them)` : '',
    o.needsFix > 0 ? `${o.needsFix} to fix` : '',
    o.blocked > 0 ? `${o.blocked} blocked for a permission` : '',
    o.cancelled > 0 ? `${o.cancelled} cancelled` : '',
    o.discarded > 0 ? `${o.discarded} discarded` : '',
  ].filter((p) => p !== '');
  const since = r.followUp === undefined ? '' : ` (now; at close: ${r.orders.acknowledged} acknowledged)`;
  const tail =
    o.acknowledged + o.cancelled === o.placed
      ? '; every sale reached the instance.'
      : '; the others are not on the instance: see them with pos outbox.';
  return `${head}${parts.length === 0 ? '' : `, ${parts.join(', ')}`}${since}${tail}`;
}
