// `pos return RECEIPT [--item PRODUCT_ID=QTY ...] [--tender cash|card] [--pin PIN] [--hub-wait SECONDS]`:
// takes goods back
// against a sale of this till, as the Returns screen does (INTERFACES.md "Returns"). RECEIPT is the
// printed receipt number (P1-000123), the order's reference (the receipt's QR) or the instance's
// order number; without --item everything not yet returned comes back. The return is stored first
// (its refund is what the cashier pays out), then its document goes to the instance by the route its
// description offers; with no instance configured, or unreachable, it waits (`queued`) for the next
// `pos return`/`pos outbox replay`/the app. Its receipt goes into the print queue with it and is
// printed at once; one the printer did not take waits there for the app. Exit 1 when the quantity exceeds what is left, the receipt
// is unknown, or the PIN is missing or wrong: nothing is stored then.
//
// With POS_STORE_HUB (issue 38) it joins the store's hub for the while: it catches up on the other
// tills' journals (so a sale made at another till is found), claims each line's quantity there, and
// waits until the return's own events are on the hub. Hub out of reach: this till's own sales as
// without one; another till's sale then needs the manager PIN (--pin), and says why.
import { buildOutbox, loadHub, loadPrintWorker, loadReturns, printerSetupOf } from '../areas/index.ts';
import { lastJournalSeq } from '../../db/journal.ts';
import { hubFromEnv, hubListenFromEnv, type HubArea, type StoreHub } from '../hub/index.ts';
import { ReturnError, returnView, type ApprovalReason, type ReturnView } from '../returns/index.ts';
import { ConfigError } from '../settings/config.ts';
import { pinMatches } from '../settings/manager-pin.ts';
import { SettingsStore } from '../settings/store.ts';
import type { PrinterSetup } from '../printer/index.ts';
import { returnJobs } from '../../db/print-jobs.ts';
import type { Db } from '../../db/database.ts';
import { ShiftError } from '../shift/index.ts';
import { CliError, defineCommand, EXIT, usageError, type CommandContext } from './command.ts';

/**
 * How long `pos return` waits for the hub by default: to join it and catch up, and for its events to
 * be on it (--hub-wait: a slow store network, or a test on a machine that is busy on purpose).
 */
const HUB_WAIT_S = 10;

export const command = defineCommand({
  summary: 'take goods back against a sale of this till and refund them (its document goes to the instance)',
  usage: 'RECEIPT [--item PRODUCT_ID=QTY ...] [--tender cash|card] [--pin PIN] [--hub-wait SECONDS]',
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
    'hub-wait': {
      type: 'string',
      description: `how long to wait for the store hub, to join it and to take the return (default ${HUB_WAIT_S})`,
    },
  },
  async run(ctx) {
    const receipt = ctx.positionals[0] ?? '';
    const items = itemsOf(ctx);
    const tender = tenderOf(ctx);
    const hubWaitMs = (ctx.int('hub-wait', { min: 1, max: 3600 }) ?? HUB_WAIT_S) * 1000;
    // A malformed POS_STORE_HUB or POS_STORE_HUB_LISTEN is refused naming it before anything opens,
    // as the app refuses to start with one (exit 3), never found later and taken for "no hub".
    hubFromEnv(process.env);
    hubListenFromEnv(process.env);
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
    // The printer as the app has it: POS_RECEIPT_PRINTER, else Settings'; none: no job is queued.
    const printer = printerSetupOf({ env: process.env, settings, db: () => db, log: ctx.log })();
    const store = await joinStore(ctx, db, hubWaitMs);
    const buildReturns = await loadReturns();
    const { make, router } = buildReturns({
      db,
      settings,
      shiftPolicy: () => (s.shiftRequired ? 'require' : 'off'),
      ...(connected === undefined || outbox === undefined ? {} : { service: connected.client, outbox }),
      log: ctx.log,
      printer: { set: () => printer !== null },
      ...(store === null ? {} : { store: () => store.link() }),
    });
    try {
      const made = await make({
        receipt,
        ...(items.length === 0 ? {} : { items }),
        ...(tender === undefined ? {} : { tender }),
        approve: (reasons) => approve(ctx, s.managerPinHash, reasons),
      });
      await router?.routeWaiting();
      const link = store?.link()?.hub;
      if (link?.status().connected === true) await published(ctx, link, lastJournalSeq(db), hubWaitMs);
      const view = returnView(db, made.row.id);
      if (view === undefined) throw new Error(`Return ${made.row.id} was not stored.`);
      await printReturn(ctx, db, view.id, printer);
      return { json: returnView(db, made.row.id) ?? view, text: textOf(view) };
    } catch (error) {
      if (error instanceof ReturnError || error instanceof ShiftError)
        throw new CliError(EXIT.failure, error.message, { reason: error.code });
      throw error;
    } finally {
      await outbox?.stop();
      await store?.close();
    }
  },
});

/**
 * This till's store hub, built as the app builds it (main/areas buildHub: POS_STORE_HUB, else the
 * hub in Settings), joined and caught up with the other tills' journals; still returned when the
 * hub is out of reach (its claims then say offline). None when no hub is set, or Settings' lacks
 * its password: the CLI has no credential store to read it from.
 */
async function joinStore(ctx: CommandContext, db: Db, waitMs: number): Promise<HubArea | null> {
  const buildHub = await loadHub();
  const hub = buildHub({
    db,
    settingsDb: db,
    dataDir: ctx.config().dataDir,
    env: process.env,
    maxRetryMs: 500,
    log: (line) => ctx.log(line),
    changed: () => undefined,
  });
  if (hub.status() === undefined || hub.view().missing.length > 0) {
    await hub.close();
    return null;
  }
  hub.start();
  if (!(await until(() => hub.link()?.hub.caughtUp() === true, waitMs)))
    ctx.log("The store hub is out of reach: only this till's sales can come back without the manager PIN.");
  return hub;
}

/**
 * Waits until the hub holds this till's journal up to `seq`, or the wait is over: then the app (or
 * the next `pos return`) publishes it, as the journal keeps it.
 */
async function published(ctx: CommandContext, hub: StoreHub, seq: number, waitMs: number): Promise<void> {
  hub.wake();
  // A break may also be found while publishing (another till under this name): no use waiting then.
  await until(() => hub.status().published >= seq || hub.status().journalBreak !== null, waitMs);
  const broken = hub.status().journalBreak;
  if (broken !== null) {
    // Nothing of this till's journal is sent (store-hub.ts journalBreakOf): no use waiting for it.
    ctx.log(
      `The store hub holds another journal under this till's name ${broken.till} (up to number ${broken.hubLast}; this till has ${broken.ownLast}): this return is kept here and not sent to the other tills. Give this till a new name in Settings.`,
    );
  }
}

async function until(done: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

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
 * Prints the return's receipt job (queued with the return) once now, the drawer's pulse first when
 * cash was paid out. Not printed (the printer off, out of paper), it stays in the print queue and the
 * app prints it when the printer is back, as a sale's receipt; stderr says so, the return stands.
 */
async function printReturn(
  ctx: CommandContext,
  db: Db,
  returnId: number,
  setup: PrinterSetup | null,
): Promise<void> {
  const job = setup === null ? undefined : returnJobs(db, returnId).at(-1);
  if (setup === null || job === undefined) return;
  const buildPrintWorker = await loadPrintWorker();
  const worker = buildPrintWorker({
    db,
    env: process.env,
    setup: () => setup,
    // Only this return's job is printed here: a sale's receipt waits for the app's worker.
    counter: null,
    changed: () => undefined,
    log: ctx.log,
  });
  const after = await worker.printNow(job.id);
  await worker.stop();
  if (after?.state !== 'printed')
    ctx.log(
      `The return receipt did not print (${after?.problem ?? after?.state ?? 'not stored'}); it waits in the print queue.`,
    );
}
