// The allowlist of channel names, with no dependencies so the sandboxed Electron preload can bundle it
// small. contract/contract.ts checks at type level that it matches the schemas exactly. Also the
// names the web shell and its page agree on: the page's launch pass and its calls' numbers
// (main/web/server.ts).

export const CALL_CHANNELS = [
  'settings.get',
  'settings.set',
  'warehouses.list',
  'connection.test',
  'connection.capabilities',
  'sync.now',
  'sync.cancel',
  'sync.status',
  'stock.search',
  'companies.find',
  'cards.prepare',
  'cards.issue',
  'session.current',
  'session.scan',
  'session.setQuantity',
  'session.removeLine',
  'session.close',
  'session.cancel',
  'session.addStockItem',
  'session.addPriced',
  'session.restoreLine',
  'session.park',
  'session.parked',
  'session.recall',
  'session.adjustLine',
  'receipt.get',
  'receipt.printed',
  'manager.unlock',
  'manager.lock',
  'outbox.list',
  'outbox.page',
  'outbox.get',
  'outbox.replay',
  'outbox.resend',
  'outbox.discard',
  'outbox.cancel',
  'outbox.markSent',
  'shift.current',
  'shift.open',
  'shift.cash',
  'shift.close',
  'shift.last',
  'cashier.list',
  'cashier.add',
  'cashier.remove',
  'cashier.signIn',
  'cashier.signOut',
  'status.get',
  'printer.testPage',
  'printer.openDrawer',
  'printer.reprint',
  'printer.retry',
  'printer.systemPrinters',
  'printer.printReport',
  'display.get',
  'barcode.describe',
  'scanner.ports',
  'scanner.take',
  'scanner.claim',
  'hub.get',
  'hub.set',
  'store.shifts',
  'returns.list',
  'returns.page',
  'returns.get',
  'returns.reprint',
  'returns.printed',
  'returns.markBooked',
  'returns.settle',
  'returns.find',
  'returns.plan',
  'returns.make',
  'returns.planWithoutReceipt',
  'returns.makeWithoutReceipt',
  'returns.exchange',
  'returns.holdExchange',
  'returns.heldExchange',
  'returns.dropExchange',
] as const;

export const EVENT_CHANNELS = [
  'sync.progress',
  'connectivity',
  'outbox.changed',
  'returns.changed',
  'status.changed',
  'display.changed',
  'scanner.waiting',
] as const;

/**
 * The web shell's launch pass (main/web/server.ts): the launch token is swapped for a cookie and a
 * secret. The secret travels in this request header on every request call and on the event stream (and
 * as the first message of the page's call channel, contract/call-socket.ts): a page of another origin
 * cannot make the browser send it (a custom header needs a CORS preflight, which the shell refuses),
 * unlike a cookie.
 */
export const LAUNCH_PASS_HEADER = 'x-counter-pass';
/** The launch hands the page that secret once, in its redirect's URL fragment, under this name. */
export const LAUNCH_PASS_FRAGMENT = 'pass';

export type CallChannel = (typeof CALL_CHANNELS)[number];

/** Calls that change nothing: each reads the state as it is when it runs. */
export const READ_CHANNELS = [
  'settings.get',
  'warehouses.list',
  'sync.status',
  'stock.search',
  'companies.find',
  'session.current',
  'session.parked',
  'receipt.get',
  'outbox.list',
  'outbox.page',
  'outbox.get',
  'shift.current',
  'shift.last',
  'cashier.list',
  'status.get',
  'printer.systemPrinters',
  'display.get',
  'barcode.describe',
  'scanner.ports',
  'hub.get',
  'store.shifts',
  'returns.list',
  'returns.page',
  'returns.get',
  'returns.find',
  'returns.plan',
  'returns.planWithoutReceipt',
  'returns.heldExchange',
] as const satisfies readonly CallChannel[];

const readSet: ReadonlySet<string> = new Set(READ_CHANNELS);

export function isReadChannel(name: string): boolean {
  return readSet.has(name);
}
export type EventChannel = (typeof EVENT_CHANNELS)[number];

const callSet: ReadonlySet<string> = new Set(CALL_CHANNELS);
const eventSet: ReadonlySet<string> = new Set(EVENT_CHANNELS);

export function isCallChannel(name: unknown): name is CallChannel {
  return typeof name === 'string' && callSet.has(name);
}

export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && eventSet.has(name);
}

/** Electron IPC channel names: one prefix so the main process can tell ours from anything else. */
export const IPC_INVOKE = 'pos:invoke';
export const IPC_EVENT = 'pos:event';
