// `pos scan CODE [--session ID] [--warehouse ID] [--typed] [--demo]`: resolves a scanned code as the counter
// does (INTERFACES.md: CODE is what a scanner read, as a kiosk's pipe hands it over). With --typed the
// code was typed by hand, as on the Sale screen's keyboard: a weight or price in a label is then
// refused, never taken.
// Products come from the offline cache in the terminal's warehouse (--warehouse, else the app's
// setting, else any warehouse); customer cards from the service's scan endpoint with a short
// timeout, else the cached cards. With --session ID naming an open local shopping session, the
// code is also applied to it (line added / customer attached) and the session is printed; ID is
// the session id sent to the scan endpoint either way.
//
// --json: { kind: "product", stockItem } | { kind: "customer", card, source } | { kind: "unknown",
// message }, each with `valid` and, when refused, `reason` and `message` (misread codes are
// kind "unknown" with reason "misread"). Exit 0 for a usable product or customer, 1 otherwise.
import { z } from 'zod';
import { toMajor } from '../../common/money.ts';
import type { Db } from '../../db/database.ts';
import { getShoppingSession } from '../../db/sessions.ts';
import { SettingsStore } from '../settings/store.ts';
import type { CustomerResolution, Resolution, PricedSession } from '../counter/index.ts';
import { buildCounter, labelReader } from '../areas/index.ts';
import { defineCommand, EXIT, usageError, type CommandContext } from './command.ts';
import { DEMO_OPTION, demoDb } from './demo.ts';

const codeSchema = z
  .string()
  .trim()
  .min(1, 'CODE must not be empty')
  .max(300, 'CODE is longer than 300 characters');

export const command = defineCommand({
  summary: 'resolve a scanned code as the counter does (product, customer card, or unknown)',
  usage: 'CODE [--session ID] [--warehouse ID] [--typed] [--demo]',
  positionals: { min: 1, max: 1 },
  options: {
    session: {
      type: 'string',
      description: 'shopping session id (an open local session also gets the scan)',
    },
    warehouse: { type: 'string', description: "warehouse to find products in (default: the terminal's)" },
    typed: {
      type: 'boolean',
      description: 'the code was typed by hand: a weight or price label in it is refused',
    },
    demo: DEMO_OPTION,
  },
  async run(ctx) {
    const demo = demoDb(ctx);
    try {
      return await scan(ctx, demo);
    } finally {
      demo?.close();
    }
  },
});

/** The scan, on the configured till or (`demo`) the built-in demo's, whose cards come from its cache. */
async function scan(ctx: CommandContext, demo: Db | undefined) {
  const parsed = codeSchema.safeParse(ctx.positionals[0] ?? '');
  if (!parsed.success) throw usageError(parsed.error.issues[0]?.message ?? 'CODE is invalid');
  const code = parsed.data;
  const sessionId = ctx.int('session', { min: 0, max: 2_147_483_647 });
  const db = demo ?? ctx.db();
  const service = demo !== undefined || ctx.config().service === undefined ? null : ctx.service();
  if (!service) ctx.log('No instance configured: customer cards are looked up in the offline cache only.');
  const settings = new SettingsStore(db);
  const warehouseId = ctx.int('warehouse', { min: 1 }) ?? settings.read().warehouseId;
  // Built as the app builds its counter (the label rules Settings hold for this data folder); only
  // the warehouse may be another (--warehouse).
  const { resolver, counter } = buildCounter({
    db,
    settings,
    cardService: service,
    reader: labelReader(settings),
    log: ctx.log,
    warehouseId: () => warehouseId,
  });
  const via = ctx.flag('typed') ? 'keyboard' : 'scanner';

  const local = sessionId === undefined ? undefined : getShoppingSession(db, sessionId);
  let session: PricedSession | undefined;
  let resolution: Resolution;
  if (local?.state === 'open') {
    const scanned = await counter.scan(code, { sessionId: local.id, signal: ctx.signal, via });
    resolution = scanned.resolution;
    session = scanned.session;
  } else {
    if (sessionId !== undefined)
      ctx.log(`No open local shopping session ${sessionId}: the code is only resolved.`);
    resolution = await resolver.resolve(code, {
      warehouseId: local?.warehouseId ?? warehouseId,
      sessionId: sessionId ?? 0,
      signal: ctx.signal,
      via,
    });
  }
  const json = { ...toJson(resolution), ...(session ? { session } : {}) };
  return { json, text: toText(resolution), exitCode: json.valid ? EXIT.ok : EXIT.failure };
}

function toJson(r: Resolution): Record<string, unknown> & { valid: boolean } {
  switch (r.kind) {
    case 'product':
      return {
        kind: 'product',
        stockItem: r.stockItem,
        valid: true,
        quantity: r.quantity,
        lineKind: r.lineKind,
        ...(r.fixedTotalMinor === null ? {} : { amount: toMajor(r.fixedTotalMinor) }),
      };
    case 'customer':
      return {
        kind: 'customer',
        card: r.card,
        source: r.source,
        valid: true,
        companyId: r.companyId,
        ...(r.owesMinor === null ? {} : { owes: toMajor(r.owesMinor) }),
        ...(r.owesCurrency === undefined ? {} : { owesCurrency: r.owesCurrency }),
        ...(r.owesElsewhere.length === 0 ? {} : { owesElsewhere: r.owesElsewhere }),
      };
    case 'misread':
      return { kind: 'unknown', message: r.message, valid: false, reason: 'misread' };
    case 'unknown':
      return { kind: 'unknown', message: r.message, valid: false };
    case 'rejected':
      return r.card
        ? {
            kind: 'customer',
            card: r.card,
            source: r.source,
            valid: false,
            reason: 'rejected',
            message: r.message,
          }
        : {
            kind: 'product',
            ...(r.stockItem === undefined ? {} : { stockItem: r.stockItem }),
            valid: false,
            reason: 'rejected',
            message: r.message,
          };
  }
}

/** ", owes 500 CZK and 100.5 EUR": the till's currency first, other currencies apart (never added). */
function owesText(r: CustomerResolution): string {
  const currency = r.owesCurrency === undefined ? '' : ` ${r.owesCurrency}`;
  // Other currencies are listed only once receivables were synced: then a sum not known is said so.
  const unknown = r.owesElsewhere.length > 0 ? [`unknown${currency}`] : [];
  const here = r.owesMinor === null ? unknown : [`${toMajor(r.owesMinor)}${currency}`];
  const elsewhere = r.owesElsewhere.map((e) => `${e.owed ?? 'unknown'} ${e.currency}`);
  const all = [...here, ...elsewhere];
  return all.length === 0 ? '' : `, owes ${all.join(' and ')}`;
}

function toText(r: Resolution): string {
  switch (r.kind) {
    case 'product': {
      const item = r.stockItem;
      const amount = r.fixedTotalMinor === null ? '' : `, amount ${toMajor(r.fixedTotalMinor)}`;
      return `product ${item.productName ?? item.productId} (${item.barcode ?? ''}) in ${item.warehouseName ?? item.warehouseId}: price ${item.price ?? '?'}, quantity ${r.quantity}${amount}`;
    }
    case 'customer':
      return `customer ${r.companyId}: ${r.card.name ?? ''} (${r.source}), discount ${r.card.discount ?? 0} %${owesText(r)}`;
    default:
      return `${r.kind}: ${r.message}`;
  }
}
