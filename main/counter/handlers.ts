// The counter's calls: the shopping session (session.*) and what a scanned code is (scanner.classify).
import { CoreError, numericId } from '../core/errors.ts';
import type { Handlers } from '../core/handlers.ts';
import { entryView } from '../outbox/handlers.ts';
import type { BarcodeReader } from './barcode/index.ts';
import { classifyCode } from './barcode/describe.ts';
import type { Counter, SessionView } from './counter.ts';

export interface CounterDeps {
  /** The counter of the instance in use; null while the app is still connecting. */
  counter(): Counter | null;
  /** The terminal's warehouse (Settings): a new, empty session is shown in it. */
  warehouseId(): number | null;
  /** The label rules in Settings, compiled. */
  reader(): BarcodeReader;
  /** A closed sale put its order in the outbox. */
  orderPlaced(): void;
}

type CounterCalls =
  | 'session.current'
  | 'session.scan'
  | 'session.setQuantity'
  | 'session.removeLine'
  | 'session.close'
  | 'session.cancel'
  | 'scanner.classify';

export function counterHandlers(deps: CounterDeps): Pick<Handlers, CounterCalls> {
  const counter = (): Counter => {
    const c = deps.counter();
    if (c === null) throw new CoreError('not-configured', 'The app is starting. Try again.');
    return c;
  };
  return {
    'session.current': () => Promise.resolve(sessionView(counter().current(), deps.warehouseId())),
    'session.scan': async ({ code }) => {
      const result = await counter().scan(code);
      return { outcome: result.outcome, session: sessionView(result.session, null) };
    },
    'session.setQuantity': ({ lineId, quantity }) =>
      Promise.resolve(sessionView(counter().setQuantity(numericId(lineId), quantity), null)),
    'session.removeLine': ({ lineId }) =>
      Promise.resolve(sessionView(counter().removeLine(numericId(lineId)), null)),
    'session.close': () => {
      const closed = counter().close();
      deps.orderPlaced();
      // The next sale starts with an empty session; the closed one's order is in the outbox now.
      return Promise.resolve({
        order: entryView(closed.order),
        session: sessionView(null, deps.warehouseId()),
      });
    },
    'session.cancel': () => {
      // Void the sale: kept in SQLite as cancelled, for the record. Nothing open is nothing to void.
      const c = counter();
      if (c.current() !== null) c.cancel();
      return Promise.resolve(sessionView(null, deps.warehouseId()));
    },
    'scanner.classify': ({ code }) => Promise.resolve(classifyCode(code, deps.reader())),
  };
}

/** The counter's session as the contract shows it; no open session is an empty one. */
function sessionView(session: SessionView | null, warehouseId: number | null) {
  if (session === null) {
    return {
      id: 'new',
      warehouseId,
      lines: [],
      customer: null,
      totals: { byVatRate: [], discount: 0, total: 0 },
    };
  }
  return {
    ...session,
    lines: [...session.lines],
    totals: { ...session.totals, byVatRate: [...session.totals.byVatRate] },
  };
}
