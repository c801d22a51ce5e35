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
 * secret. The secret travels in this request header on every call and on the event stream: a page of
 * another origin cannot make the browser send it (a custom header needs a CORS preflight, which the
 * shell refuses), unlike a cookie.
 */
export const LAUNCH_PASS_HEADER = 'x-counter-pass';
/** The launch hands the page that secret once, in its redirect's URL fragment, under this name. */
export const LAUNCH_PASS_FRAGMENT = 'pass';
/**
 * A page's calls numbered (main/web/call-order.ts): the page's random id, drawn once per page load,
 * and each call's number in that page, 1 up, in the order the page made them. The web shell hands a
 * page's calls to the core in that order, as Electron's IPC delivers them in the order sent.
 */
export const CALL_PAGE_HEADER = 'x-counter-page';
export const CALL_NUMBER_HEADER = 'x-counter-call';
/**
 * Why the web shell refused a numbered call (409), on that answer: 'late', it came after later calls
 * of its page went on without it, so it was not done; 'repeat', its number was seen before, so its
 * first copy ran or will run. Absent on a 409 when the shell cannot tell which.
 */
export const CALL_REFUSED_HEADER = 'x-counter-refused';
export type CallRefusal = 'late' | 'repeat';

export type CallChannel = (typeof CALL_CHANNELS)[number];

/**
 * Calls that change nothing: each reads the state as it is when it runs. The web shell starts one
 * even when it comes out of its page's order (late, or a repeat the browser sent again): run later
 * than its place, it reads a state at least as new as the page expected, and its answer is what the
 * page needs; refused, the page would be left without it (Settings without its settings).
 */
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
