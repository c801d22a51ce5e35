// `pos outbox` lists the outbox; `pos outbox replay` sends every sendable order now. Operator actions
// (additions to INTERFACES.md): `show ID`, `edit ID FILE|-`, `resend ID`, `discard ID`, `cancel ID`,
// `mark-sent ID REMOTE_ID`. --json prints an outbox entry or an array of them.
import { instanceKey, isLoopback } from '../settings/origin.ts';
import { readFile } from 'node:fs/promises';
import { buildOutbox, loadReturns, OFFLINE } from '../areas/index.ts';
import { SettingsStore } from '../settings/store.ts';
import {
  OrderValidationError,
  OutboxActionError,
  toOutboxEntry,
  type Outbox,
  waitingElsewhere,
  type OutboxOrder,
} from '../outbox/index.ts';
import {
  actionWord,
  CliError,
  defineCommand,
  EXIT,
  usageError,
  type CommandContext,
  type CommandResult,
} from './command.ts';

const ACTIONS = ['list', 'replay', 'show', 'edit', 'resend', 'discard', 'cancel', 'mark-sent'] as const;
type Action = (typeof ACTIONS)[number];

export const command = defineCommand({
  summary:
    'list the order outbox; replay sends every sendable order now (also show/edit/resend/discard/cancel/mark-sent)',
  usage: '[replay | show ID | edit ID FILE|- | resend ID | discard ID | cancel ID | mark-sent ID REMOTE_ID]',
  positionals: { min: 0, max: 3 },
  async run(ctx) {
    const action = actionWord(ACTIONS, ctx.positionals[0], { name: 'outbox', usage: command.usage });
    const arity: Record<Action, number> = {
      list: 0,
      replay: 0,
      show: 1,
      edit: 2,
      resend: 1,
      discard: 1,
      cancel: 1,
      'mark-sent': 2,
    };
    if (ctx.positionals.length - (ctx.positionals.length > 0 ? 1 : 0) !== arity[action]) {
      throw usageError(`Usage: pos outbox ${command.usage}`);
    }
    try {
      return await runAction(ctx, action);
    } catch (error) {
      throw asCliError(error);
    }
  },
});

async function runAction(ctx: CommandContext, action: Action): Promise<CommandResult> {
  if (action === 'list') return listResult(buildOutbox({ db: ctx.db(), client: OFFLINE }).list());
  if (action === 'show') {
    const order = buildOutbox({ db: ctx.db(), client: OFFLINE }).get(idArg(ctx, 1, 'ID'));
    if (!order) throw new CliError(EXIT.failure, `There is no order ${idArg(ctx, 1, 'ID')} in the outbox`);
    return entryResult(order);
  }
  if (action === 'discard')
    return entryResult(buildOutbox({ db: ctx.db(), client: OFFLINE }).discard(idArg(ctx, 1, 'ID')));
  if (action === 'mark-sent') {
    return entryResult(
      buildOutbox({ db: ctx.db(), client: OFFLINE }).markSent(
        idArg(ctx, 1, 'ID'),
        idArg(ctx, 2, 'REMOTE_ID'),
      ),
    );
  }
  const outbox = buildOutbox({
    db: ctx.db(),
    client: ctx.service(),
    instance: { baseUrl: ctx.serviceConfig().baseUrl, demo: false },
    log: ctx.log,
  });
  try {
    switch (action) {
      case 'replay':
        return await replay(ctx, outbox);
      case 'edit':
        return entryResult(
          await outbox.edit(idArg(ctx, 1, 'ID'), await readOrder(ctx, ctx.positionals[2] ?? '-')),
        );
      case 'resend':
        return entryResult(await outbox.resend(idArg(ctx, 1, 'ID')));
      case 'cancel':
        return entryResult(await outbox.cancel(idArg(ctx, 1, 'ID')));
    }
  } finally {
    await outbox.stop();
  }
}

/** Orders left in `sending` by a process that died are in-doubt first; then one pass, schedule ignored. */
async function replay(ctx: CommandContext, outbox: Outbox): Promise<CommandResult> {
  const interrupted = outbox.recoverInterrupted();
  if (interrupted > 0)
    ctx.log(`${interrupted} order(s) whose sending process stopped before storing an answer: now in-doubt`);
  const report = await outbox.replay({ ignoreSchedule: true });
  // Returns whose document waits for its route (made offline, or before their sale's order was sent)
  // take it now, through this outbox (issue 37).
  if (!report.unreachable && !report.credentialsRefused) {
    const db = ctx.db();
    const buildReturns = await loadReturns();
    await buildReturns({
      db,
      settings: new SettingsStore(db),
      service: ctx.service(),
      outbox,
      log: ctx.log,
    }).router?.routeWaiting();
  }
  const entries = outbox.list();
  passedOver(ctx, instanceKey(ctx.serviceConfig().baseUrl, false));
  if (report.credentialsRefused) {
    throw credentialsRefused(`${report.attempted} order(s) tried, still queued`, {
      outbox: entries.map(toOutboxEntry),
    });
  }
  if (report.unreachable) {
    throw new CliError(
      EXIT.unreachable,
      `The service at ${ctx.serviceConfig().baseUrl} could not be reached; ${report.attempted} order(s) tried, still queued.`,
      { outbox: entries.map(toOutboxEntry) },
    );
  }
  ctx.log(`replay: ${report.attempted} order(s) tried`);
  return listResult(entries);
}

/**
 * Says what the replay passed over: orders stored for another instance address. Its address is
 * compared as an origin (scheme, host in lower case, the default port dropped: instanceKey), so
 * `HTTP://Host:80/` is `http://host`; but 127.0.0.1 and localhost, or a name and its address, are
 * different hosts, and which one an order was meant for is not guessed.
 */
function passedOver(ctx: CommandContext, instance: string): void {
  for (const other of waitingElsewhere(ctx.db(), instance)) {
    const total = other.queued + other.inDoubt;
    const states = [
      ...(other.queued > 0 ? [`${other.queued} queued`] : []),
      ...(other.inDoubt > 0 ? [`${other.inDoubt} in-doubt`] : []),
    ].join(', ');
    const why = sameMachineOtherName(other.instance, instance)
      ? `that may be this same instance under another name, but Counter does not guess which address an order was meant for`
      : `they belong to that instance`;
    ctx.log(
      `replay: ${total} order(s) (${states}) not sent: they were placed for ${other.instance}, and this replay talks to ${instance}; ` +
        `${why}. To send them, replay with --base-url ${other.instance} (or POS_BASE_URL).`,
    );
  }
}

/** Two loopback origins of one scheme and port (127.0.0.1 and localhost): maybe one instance. */
function sameMachineOtherName(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    return x.protocol === y.protocol && x.port === y.port && isLoopback(a) && isLoopback(b);
  } catch {
    return false;
  }
}

function idArg(ctx: CommandContext, index: number, name: string): number {
  const raw = ctx.positionals[index] ?? '';
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw usageError(`${name} must be a whole number: "${raw}"`);
  return Number(raw);
}

/** An order file (FILE or - for stdin) as unknown JSON; the outbox validates its shape. */
export async function readOrder(ctx: CommandContext, source: string): Promise<unknown> {
  let text: string;
  try {
    text = source === '-' ? await ctx.readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    throw usageError(
      `Cannot read the order file "${source}": ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(
      EXIT.failure,
      `The order file is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      { fieldErrors: { _: ['not JSON'] } },
    );
  }
}

/** Exit 3: the orders are safe in the outbox, but only new settings will get them sent. */
export function credentialsRefused(what: string, details: Record<string, unknown>): CliError {
  return new CliError(
    EXIT.config,
    `The service refused the client credentials (check POS_CLIENT_ID and POS_CLIENT_SECRET); ${what}.`,
    details,
  );
}

export function asCliError(error: unknown): unknown {
  if (error instanceof OrderValidationError) {
    return new CliError(EXIT.failure, `${error.message}; nothing was stored`, {
      fieldErrors: error.fieldErrors,
    });
  }
  if (error instanceof OutboxActionError) {
    return new CliError(error.unreachable ? EXIT.unreachable : EXIT.failure, error.message, {
      reason: error.reason,
      messages: error.messages,
    });
  }
  return error;
}

/** A rejected order (needs-fix, blocked) is a failure the command reports: exit 1. */
export function entryResult(order: OutboxOrder): CommandResult {
  const rejected = order.state === 'needs-fix' || order.state === 'blocked';
  return { json: toOutboxEntry(order), text: describe(order), exitCode: rejected ? EXIT.failure : EXIT.ok };
}

function listResult(orders: readonly OutboxOrder[]): CommandResult {
  return {
    json: orders.map(toOutboxEntry),
    text: orders.length === 0 ? 'The outbox is empty.' : orders.map(oneLine).join('\n'),
  };
}

function oneLine(o: OutboxOrder): string {
  const detail =
    o.state === 'sent' || o.state === 'cancelled'
      ? `order ${o.remoteId ?? '?'}`
      : o.state === 'blocked' && o.permission
        ? `needs ${o.permission}`
        : (o.messages?.[0] ?? '');
  const owner = o.instance === null ? '' : `  [${o.instance}]`;
  return `${String(o.id).padStart(6)}  ${o.state.padEnd(9)}  ${String(o.attempts).padStart(3)} tries  ${o.createdAt}  ${detail}${owner}`;
}

/** Several lines for one order: what happened and what to do. */
export function describe(o: OutboxOrder): string {
  const lines = [
    `Order ${o.id}: ${o.state} (${o.attempts} attempt(s)), client reference ${o.clientReference}`,
  ];
  if (o.remoteId !== null) lines.push(`  service order id: ${o.remoteId}`);
  if (o.permission !== null)
    lines.push(`  the role lacks ${o.permission}; ask the operator to grant it, then resend`);
  if (o.fieldErrors !== null)
    for (const [field, messages] of Object.entries(o.fieldErrors))
      lines.push(`  ${field}: ${messages.join(' ')}`);
  // A needs-fix order's messages are its fields' words; elsewhere they say more than the fields (a
  // card stored whose authorised person the instance refused: person.* fields).
  if (o.messages !== null && (o.fieldErrors === null || o.state !== 'needs-fix'))
    for (const m of o.messages) lines.push(`  ${m}`);
  if (o.errorId !== null) lines.push(`  error id: ${o.errorId}`);
  if (o.state === 'queued') lines.push('  stored; it will be sent when the service can be reached');
  if (o.state === 'needs-fix') lines.push(`  fix it with: pos outbox edit ${o.id} FILE`);
  return lines.join('\n');
}
