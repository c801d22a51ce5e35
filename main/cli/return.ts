// `pos return RECEIPT [--item PRODUCT_ID=QTY ...] [--tender cash|card] [--pin PIN]`: takes goods back
// against a sale of this till, as the Returns screen does (INTERFACES.md "Returns"). RECEIPT is the
// printed receipt number (P1-000123), the order's reference (the receipt's QR) or the instance's
// order number; without --item everything not yet returned comes back. The return is stored first
// (its refund is what the cashier pays out), then its document goes to the instance by the route its
// description offers; with no instance configured, or unreachable, it waits (`queued`) for the next
// `pos return`/`pos outbox replay`/the app. Exit 1 when the quantity exceeds what is left, the receipt
// is unknown, or the PIN is missing or wrong: nothing is stored then.
import { buildOutbox, buildReturns } from '../areas/index.ts';
import { ReturnError, returnView, type ApprovalReason, type ReturnView } from '../returns/index.ts';
import { ConfigError } from '../settings/config.ts';
import { pinMatches } from '../settings/manager-pin.ts';
import { SettingsStore, type AppSettings } from '../settings/store.ts';
import { fromEnv } from '../settings/env.ts';
import { parsePrinterAddress, printLanguage, returnReceiptBytes, sendToPrinter } from '../printer/index.ts';
import { countReturnPrint } from '../../db/returns.ts';
import { getCashier } from '../../db/cashiers.ts';
import type { Db } from '../../db/database.ts';
import { ShiftError } from '../shift/index.ts';
import { CliError, defineCommand, EXIT, usageError, type CommandContext } from './command.ts';

export const command = defineCommand({
  summary: 'take goods back against a sale of this till and refund them (its document goes to the instance)',
  usage: 'RECEIPT [--item PRODUCT_ID=QTY ...] [--tender cash|card] [--pin PIN]',
  positionals: { min: 1, max: 1 },
  options: {
    item: {
      type: 'string',
      multiple: true,
      description:
        'a product and the quantity coming back, e.g. 1234=2 or 77=0.25 (default: all not yet returned)',
    },
    tender: {
      type: 'string',
      description: 'refund all to cash or card (default: card first up to its part)',
    },
    pin: { type: 'string', description: 'the manager PIN, where the return needs it' },
  },
  async run(ctx) {
    const receipt = ctx.positionals[0] ?? '';
    const items = itemsOf(ctx);
    const tender = tenderOf(ctx);
    const db = ctx.db();
    const settings = new SettingsStore(db);
    const connected = serviceOf(ctx);
    const outbox =
      connected === undefined
        ? undefined
        : buildOutbox({
            db,
            client: connected.client,
            instance: { baseUrl: connected.baseUrl, demo: false },
            log: ctx.log,
          });
    const s = settings.read();
    const { returns, router } = buildReturns({
      db,
      settings,
      shiftPolicy: () => (s.shiftRequired ? 'require' : 'off'),
      ...(connected === undefined || outbox === undefined ? {} : { service: connected.client, outbox }),
      log: ctx.log,
    });
    try {
      const made = returns.make({
        receipt,
        ...(items.length === 0 ? {} : { items }),
        ...(tender === undefined ? {} : { tender }),
        approve: (reasons) => approve(ctx, s.managerPinHash, reasons),
      });
      await router?.routeWaiting();
      const view = returnView(db, made.row.id);
      if (view === undefined) throw new Error(`Return ${made.row.id} was not stored.`);
      await printReturn(ctx, db, view, s);
      return { json: returnView(db, made.row.id) ?? view, text: textOf(view) };
    } catch (error) {
      if (error instanceof ReturnError || error instanceof ShiftError)
        throw new CliError(EXIT.failure, error.message, { reason: error.code });
      throw error;
    } finally {
      await outbox?.stop();
    }
  },
});

function itemsOf(ctx: CommandContext): { productId: number; quantity: number }[] {
  const raw = ctx.options['item'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map((entry) => {
    const m = typeof entry === 'string' ? /^\s*(\d{1,9})\s*=\s*(\d+(?:[.,]\d{1,3})?)\s*$/.exec(entry) : null;
    if (m === null)
      throw usageError(`--item takes PRODUCT_ID=QTY (e.g. 1234=2 or 77=0.25), not "${String(entry)}"`);
    return { productId: Number(m[1]), quantity: Number((m[2] ?? '').replace(',', '.')) };
  });
}

function tenderOf(ctx: CommandContext): 'cash' | 'card' | undefined {
  const t = ctx.string('tender');
  if (t === undefined || t === 'cash' || t === 'card') return t;
  throw usageError(`--tender is cash or card, not "${t}"`);
}

/** The instance when one is configured; a return is made offline without one. */
function serviceOf(
  ctx: CommandContext,
): { client: ReturnType<CommandContext['service']>; baseUrl: string } | undefined {
  try {
    return { client: ctx.service(), baseUrl: ctx.serviceConfig().baseUrl };
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

/** The manager approves with --pin, checked against Settings'; no PIN set: nothing is guarded. */
function approve(ctx: CommandContext, hash: string | null, reasons: readonly ApprovalReason[]): boolean {
  if (hash === null) return true;
  const pin = ctx.string('pin');
  if (pin === undefined) return false;
  if (!pinMatches(pin, hash))
    throw new CliError(EXIT.failure, 'The manager PIN is wrong; nothing was returned.', {
      reason: 'wrong-pin',
      needs: reasons.map((r) => r.kind),
    });
  return true;
}

function textOf(v: ReturnView): string {
  const lines = [
    `Return ${v.number} of receipt ${v.receipt} (${v.state}${v.route === undefined ? '' : `, ${v.route}`})`,
    ...v.lines.map(
      (l) =>
        `  ${l.name} (${l.productId}) -${l.quantity}${l.unitOfMeasure === undefined ? '' : ` ${l.unitOfMeasure}`}: -${l.amount.toFixed(2)}`,
    ),
    `  refund ${v.total.toFixed(2)}: ${Object.entries(v.refund)
      .map(([tender, amount]) => `${tender} ${amount.toFixed(2)}`)
      .join(', ')}`,
  ];
  if (v.note !== undefined) lines.push(`  ${v.note}`);
  return lines.join('\n');
}

/**
 * Prints the return's receipt on the till's network printer (POS_RECEIPT_PRINTER, else Settings),
 * the drawer's pulse first when cash was paid out; without a printer nothing is printed. Sent at once,
 * not through the print queue (a failure is said on stderr; the return stands).
 */
async function printReturn(ctx: CommandContext, db: Db, view: ReturnView, s: AppSettings): Promise<void> {
  const text = fromEnv(process.env, 'receiptPrinter') ?? s.receiptPrinter;
  if (text === null) return;
  const address = parsePrinterAddress(text, 'POS_RECEIPT_PRINTER');
  if (address.kind !== 'tcp') {
    ctx.log('The return receipt prints on a network printer only (tcp://HOST:PORT).');
    return;
  }
  const cashier = view.cashierId === null ? undefined : getCashier(db, view.cashierId)?.name;
  const bytes = returnReceiptBytes(
    { ...view, ...(cashier === undefined ? {} : { cashierName: cashier }) },
    { copy: view.printCount > 0, kick: (view.refund.cash ?? 0) > 0 },
    {
      columns: address.columns ?? (s.receiptPaper === '58mm' ? 32 : 48),
      ...(address.model === undefined ? {} : { model: address.model }),
      language: printLanguage(
        s.language === 'system' ? 'system' : s.language,
        Intl.DateTimeFormat().resolvedOptions().locale,
      ),
      currency: s.priceCurrency,
    },
  );
  const outcome = await sendToPrinter({ host: address.host, port: address.port }, bytes);
  if (outcome.kind === 'printed') countReturnPrint(db, view.id);
  else ctx.log(`The return receipt did not print: ${outcome.kind}`);
}
