// A shell bridge over a core the test scripts, for the store's tests in Node (no Electron, no web
// shell, no Chromium): each call is checked against the contract's input schema, as the real core
// checks it, and answered by the test's function for that channel; the answer goes through the same
// `createPosApi` as a real one, so it must match the contract's output too. A call with no answer
// scripted is refused, so a test sees a call it did not expect. Events and the event stream's
// (re)connection come when the test says (emit, reconnect); never by themselves.
import { lineId, saleId, warehouseId } from '../../contract/ids.ts';
import {
  calls as contract,
  PosError,
  type CallChannel,
  type CallInput,
  type CallOutput,
  type Envelope,
  type EventChannel,
  type PosBridge,
  type SessionLineView,
  type SessionView,
  type SettingsView,
  type StatusView,
} from '../../contract/contract.ts';

type Answer<C extends CallChannel> = (input: CallInput<C>) => CallOutput<C> | Promise<CallOutput<C>>;

export interface FakeCall {
  readonly channel: CallChannel;
  readonly input: unknown;
}

export class FakeBridge implements PosBridge {
  /** Every call that reached the core, in order, with its input. */
  readonly calls: FakeCall[] = [];
  readonly #answers = new Map<CallChannel, (input: unknown) => unknown>();
  readonly #listeners = new Set<{ event: EventChannel; listener: (payload: unknown) => void }>();
  readonly #opened = new Set<() => void>();

  /** How the core answers `channel` from now on; throw a PosError to refuse. */
  answer<C extends CallChannel>(channel: C, answer: Answer<C>): this {
    this.#answers.set(channel, (input) => answer(input as CallInput<C>));
    return this;
  }

  /** The inputs of the calls made on `channel`, in order. */
  inputs(channel: CallChannel): unknown[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.input);
  }

  async invoke(channel: CallChannel, input: unknown): Promise<Envelope> {
    this.calls.push({ channel, input });
    const checked = contract[channel].input.safeParse(input);
    if (!checked.success) return refused('invalid-input', `${channel}: ${checked.error.message}`);
    const answer = this.#answers.get(channel);
    if (answer === undefined) return refused('failed', `the test's core has no answer for ${channel}`);
    try {
      return { ok: true, value: await answer(checked.data) };
    } catch (error) {
      if (!(error instanceof PosError)) throw error;
      return refused(error.code, error.message);
    }
  }

  on(event: EventChannel, listener: (payload: unknown) => void): () => void {
    const entry = { event, listener };
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  /** The core sends `event` (checked by the page's API as a real one is). */
  emit(event: EventChannel, payload: unknown): void {
    for (const l of [...this.#listeners]) if (l.event === event) l.listener(payload);
  }

  opened(listener: () => void): () => void {
    this.#opened.add(listener);
    return () => this.#opened.delete(listener);
  }

  /** The page's events flow again (the web shell's stream reconnected): each `opened` listener is told. */
  reconnect(): void {
    for (const listener of [...this.#opened]) listener();
  }
}

function refused(code: PosError['code'], message: string): Envelope {
  return { ok: false, error: { code, message } };
}

/** A line of the shopping session as the core shows it: `quantity` of a product at 10.00. */
export function aLine(id: number, quantity = 1): SessionLineView {
  return {
    id: lineId(id),
    productId: 100 + id,
    name: `Product ${id}`,
    quantity,
    unitPrice: 10,
    vatRate: 21,
    lineTotal: 10 * quantity,
  };
}

/** The shopping session with these lines and no customer, totalled. */
export function aSession(lines: SessionLineView[]): SessionView {
  const total = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  return {
    id: saleId(1),
    warehouseId: warehouseId(1),
    lines,
    customer: null,
    totals: { byVatRate: [], discount: 0, saleDiscount: 0, total },
  };
}

/** The core's status of a till that is offline, nothing queued, no shift: `patch` says what differs. */
export function aStatus(patch: Partial<StatusView> = {}): StatusView {
  return {
    online: false,
    instance: 'erp.example.com',
    demo: false,
    queued: 0,
    needsAttention: 0,
    lastSyncedAt: null,
    insecure: false,
    credentialsRefused: false,
    orderPermission: 'granted',
    printer: null,
    shift: null,
    cashier: null,
    signInNeeded: false,
    ...patch,
  };
}

/** A till's settings as a fresh install has them (no instance, no warehouse): `patch` says what differs. */
export function aSettings(patch: Partial<SettingsView> = {}): SettingsView {
  return {
    instanceUrl: null,
    clientId: null,
    hasSecret: false,
    secretStorage: 'none',
    warehouseId: null,
    scanner: {
      maxGapMs: 30,
      minLength: 4,
      suffix: 'enter',
      prefix: '',
      layout: 'us',
      delivery: 'keys-and-paste',
      pauseMs: 300,
    },
    source: 'settings',
    syncIntervalMinutes: 0,
    labelRules: [],
    allowInsecure: false,
    walkInCustomer: null,
    walkInChosen: true,
    managerPinSet: false,
    receiptPaper: '80mm',
    orderRetentionDays: 90,
    receiptPrinter: null,
    receiptPrinterSource: 'none',
    serialScanner: { port: null, baudRate: 9600, lineEnd: 'any' },
    serialScannerSource: 'none',
    printOnSale: true,
    stockRule: 'warn',
    seller: { name: '', address: '', registrationNumber: '', vatNumber: '' },
    receiptPrefix: 'P1',
    language: 'system',
    priceCurrency: null,
    currency: null,
    shiftRequired: true,
    cashDifferenceLimit: 0,
    cashRounding: 'currency',
    cardCompanyId: null,
    cardValidityMonths: 24,
    returnAmountLimit: 0,
    returnDaysLimit: 0,
    ...patch,
  };
}
