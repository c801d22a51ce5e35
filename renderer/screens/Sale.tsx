// The counter: the current shopping session. Scans land anywhere on the window; a code can also be
// typed into the code field. Keyboard: arrows pick a line, + / - change its quantity, Delete removes
// it, F9 places the order, F8 twice voids the sale.
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { OutboxEntryView, ScanOutcome, SessionLineView, SessionView } from '../../preload/contract.ts';
import { formatMoney, formatQty } from '../format.ts';
import { TerminalWarehousePrompt } from '../components/WarehousePicker.tsx';
import { pos } from '../pos.ts';
import { SilenceTimer, windowClock } from '../scanner/index.ts';
import { beepError, beepOk } from '../sound.ts';
import { message, useApp } from '../store.ts';
import { useScanner } from '../use-scanner.ts';

export function Sale() {
  const session = useApp((s) => s.session);
  const sessionError = useApp((s) => s.sessionError);
  const [selected, setSelected] = useState(0);
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The order the last "place order" stored, followed in the outbox until the next scan. */
  const [placed, setPlaced] = useState<OutboxEntryView['id'] | null>(null);
  const placedEntry = useApp((s) => (placed === null ? undefined : s.outbox.find((o) => o.id === placed)));
  const lines = session?.lines ?? [];

  const scan = useCallback(async (code: string, via: 'scanner' | 'keyboard') => {
    try {
      const result = await pos.invoke('session.scan', { code, via });
      const shown = describe(result.outcome);
      const index =
        result.outcome.kind === 'product'
          ? result.session.lines.findIndex((l) => l.id === (result.outcome as { lineId: unknown }).lineId)
          : -1;
      // Rendered now, not in a later scheduler task: the line must be on screen before the next scan.
      flushSync(() => {
        useApp.setState({ session: result.session, sessionError: null });
        setPlaced(null);
        setOutcome(shown);
        if (index >= 0) setSelected(index);
      });
      if (shown.tone === 'ok') beepOk();
      else beepError();
    } catch (error) {
      setOutcome({ tone: 'error', text: message(error) });
      beepError();
    }
  }, []);

  useScanner((code) => void scan(code, 'scanner'));

  const setQuantity = async (line: SessionLineView, quantity: number) => {
    if (!(quantity > 0)) return;
    try {
      const next = await pos.invoke('session.setQuantity', { lineId: line.id, quantity });
      useApp.setState({ session: next });
    } catch (error) {
      setOutcome({ tone: 'error', text: message(error) });
    }
  };
  const remove = async (line: SessionLineView) => {
    try {
      const next = await pos.invoke('session.removeLine', { lineId: line.id });
      useApp.setState({ session: next });
      setSelected((i) => Math.max(0, Math.min(i, next.lines.length - 1)));
    } catch (error) {
      setOutcome({ tone: 'error', text: message(error) });
    }
  };
  const placeOrder = async () => {
    if (busy || lines.length === 0) return;
    setBusy(true);
    try {
      const closed = await pos.invoke('session.close', {});
      useApp.setState({ session: closed.session });
      // The order is stored; its first attempt runs now. What became of it follows the outbox.
      setPlaced(closed.order.id);
      setOutcome(null);
      void useApp.getState().refreshOutbox();
      void useApp.getState().refreshStatus();
    } catch (error) {
      setOutcome({ tone: 'error', text: message(error) });
    } finally {
      setBusy(false);
    }
  };

  // Voiding asks twice (a second press within a few seconds): one stray key must not lose a basket.
  const [voidArmed, setVoidArmed] = useState(false);
  useEffect(() => {
    if (!voidArmed) return;
    const t = setTimeout(() => setVoidArmed(false), 4000);
    return () => clearTimeout(t);
  }, [voidArmed]);
  const voidSale = async () => {
    if (session === null || (lines.length === 0 && session.customer === null)) return;
    if (!voidArmed) {
      setVoidArmed(true);
      return;
    }
    setVoidArmed(false);
    try {
      const next = await pos.invoke('session.cancel', {});
      useApp.setState({ session: next });
      setSelected(0);
      setOutcome({ tone: 'ok', text: 'Sale voided. The next scan starts a new one.' });
    } catch (error) {
      setOutcome({ tone: 'error', text: message(error) });
    }
  };

  // Keys that act on the selected line; ignored while typing into a field.
  const latest = useRef({ lines, selected, setQuantity, remove, placeOrder, voidSale });
  latest.current = { lines, selected, setQuantity, remove, placeOrder, voidSale };
  useEffect(() => {
    // +, - and Delete wait out the scanner's gap first: a scanner's burst outside a text field reaches
    // this handler too (it is a scan only once it ends), and a '+' or '-' inside a Code 128 label
    // must not change a quantity. Any key arriving within the gap cancels the pending edit; the gap
    // is a real silence, so keys queued behind a busy render still cancel it (silence.ts).
    const pending = new SilenceTimer(windowClock(window));
    const cancelPending = (event: KeyboardEvent) => {
      if (event.type === 'keydown') pending.cancel();
    };
    const later = (edit: () => void) => {
      const gapMs = useApp.getState().settings?.scanner.maxGapMs ?? 100;
      pending.start(gapMs, edit);
    };
    const step = (lineId: SessionLineView['id'], by: number) => {
      const now = latest.current.lines.find((l) => l.id === lineId);
      if (now !== undefined && now.quantity + by > 0) void latest.current.setQuantity(now, now.quantity + by);
    };
    const onKey = (event: KeyboardEvent) => {
      const { lines: ls, selected: sel } = latest.current;
      if (event.key === 'F9') {
        event.preventDefault();
        void latest.current.placeOrder();
        return;
      }
      if (event.key === 'F8') {
        event.preventDefault();
        void latest.current.voidSale();
        return;
      }
      if (isTyping(event.target)) return;
      const line = ls[sel];
      if (event.key === 'ArrowDown') setSelected(Math.min(ls.length - 1, sel + 1));
      else if (event.key === 'ArrowUp') setSelected(Math.max(0, sel - 1));
      else if (line === undefined) return;
      // The quantity when the edit runs, not when the key came: an earlier edit may have landed since.
      else if (event.key === '+') later(() => step(line.id, 1));
      else if (event.key === '-' && line.quantity > 1) later(() => step(line.id, -1));
      else if (event.key === 'Delete') later(() => void latest.current.remove(line));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', cancelPending, { capture: true });
    window.addEventListener('keydown', onKey);
    return () => {
      pending.cancel();
      window.removeEventListener('keydown', cancelPending, { capture: true });
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <section className="sale" data-testid="sale" aria-label="Sale">
      <div className="sale-main">
        <TerminalWarehousePrompt />
        <CodeEntry onCode={(code) => void scan(code, 'keyboard')} />
        {outcome !== null && (
          <p className={`notice ${outcome.tone}`} role="alert" data-scan-outcome={outcome.tone}>
            {outcome.text}
          </p>
        )}
        {placed !== null && <PlacedNotice entry={placedEntry} />}
        {sessionError !== null && <p className="notice error">{sessionError}</p>}
        <Lines
          lines={lines}
          selected={selected}
          onSelect={setSelected}
          onQuantity={setQuantity}
          onRemove={remove}
        />
      </div>
      <aside className="sale-side">
        <Customer session={session} />
        <Totals session={session} />
        <button
          type="button"
          className="primary big"
          disabled={busy || lines.length === 0}
          onClick={() => void placeOrder()}
          data-action="place-order"
        >
          Place order <kbd>F9</kbd>
        </button>
        <button
          type="button"
          className={voidArmed ? 'void armed' : 'void'}
          disabled={lines.length === 0 && (session?.customer ?? null) === null}
          onClick={() => void voidSale()}
          data-action="void-sale"
        >
          {voidArmed ? 'Void? Press again' : 'Void sale'} <kbd>F8</kbd>
        </button>
      </aside>
    </section>
  );
}

/** What became of the order just placed, as the outbox reports it. */
function PlacedNotice({ entry }: { entry: OutboxEntryView | undefined }) {
  const state = entry?.state ?? 'queued';
  const { tone, text } = placed(state, entry?.remoteId);
  return (
    <p className={`notice ${tone}`} role="status" data-placed-order={state}>
      {text}
    </p>
  );
}

function placed(
  state: OutboxEntryView['state'],
  remoteId: OutboxEntryView['remoteId'],
): { tone: 'ok' | 'warn' | 'error'; text: string } {
  switch (state) {
    case 'sent':
      return { tone: 'ok', text: `Order placed and sent (instance order ${String(remoteId ?? '')}).` };
    case 'sending':
      return { tone: 'ok', text: 'Order placed. Sending...' };
    case 'queued':
      return { tone: 'warn', text: 'Order placed. It is queued and goes out by itself (see Orders, F3).' };
    default:
      return { tone: 'error', text: `Order placed, but it is ${state}: see Orders (F3).` };
  }
}

function describe(outcome: ScanOutcome): { tone: 'ok' | 'error'; text: string } {
  switch (outcome.kind) {
    case 'product':
      return { tone: 'ok', text: `Added: ${outcome.name}` };
    case 'customer':
      return {
        tone: 'ok',
        text: `Customer: ${outcome.name}${outcome.source === 'offline' ? ' (from the offline cache)' : ''}`,
      };
    case 'unknown':
      return { tone: 'error', text: `Unknown code. ${outcome.message}` };
    case 'misread':
      return { tone: 'error', text: `Misread - scan again. ${outcome.message}` };
    case 'rejected':
      return { tone: 'error', text: outcome.message };
  }
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

function CodeEntry({ onCode }: { onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <form
      className="code-entry"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        if (trimmed !== '') onCode(trimmed);
        setCode('');
      }}
    >
      <label>
        Code
        <input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Scan anywhere, or type a barcode and press Enter"
          inputMode="numeric"
          autoComplete="off"
          data-field="code"
        />
      </label>
      <button type="submit">Add</button>
    </form>
  );
}

interface LinesProps {
  lines: readonly SessionLineView[];
  selected: number;
  onSelect: (index: number) => void;
  onQuantity: (line: SessionLineView, quantity: number) => Promise<void>;
  onRemove: (line: SessionLineView) => Promise<void>;
}

function Lines({ lines, selected, onSelect, onQuantity, onRemove }: LinesProps) {
  if (lines.length === 0) {
    return (
      <div className="lines empty" data-testid="sale-lines">
        <p>No items yet. Scan a product or a customer card.</p>
      </div>
    );
  }
  return (
    <table className="lines" data-testid="sale-lines">
      <thead>
        <tr>
          <th>Item</th>
          <th className="num">Qty</th>
          <th className="num">Price</th>
          <th className="num">VAT</th>
          <th className="num">Total</th>
          <th aria-label="Actions" />
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr
            key={String(line.id)}
            className={index === selected ? 'selected' : undefined}
            onClick={() => onSelect(index)}
            data-line={String(line.id)}
            data-barcode={line.barcode ?? ''}
            data-quantity={String(line.quantity)}
          >
            <td>
              <div className="item-name">{line.name}</div>
              <div className="muted">{[line.productCode, line.barcode].filter(Boolean).join(' · ')}</div>
            </td>
            <td className="num">
              <QuantityInput line={line} onQuantity={onQuantity} />
            </td>
            <td className="num">{formatMoney(line.unitPrice)}</td>
            <td className="num">{line.vatRate} %</td>
            <td className="num strong">{formatMoney(line.lineTotal)}</td>
            <td>
              <button
                type="button"
                className="danger"
                aria-label={`Remove ${line.name}`}
                onClick={() => void onRemove(line)}
              >
                ✕
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuantityInput({
  line,
  onQuantity,
}: {
  line: SessionLineView;
  onQuantity: (line: SessionLineView, quantity: number) => Promise<void>;
}) {
  const [value, setValue] = useState(formatQty(line.quantity));
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  const commit = () => {
    const n = Number(value.replace(',', '.'));
    if (Number.isFinite(n) && n > 0 && n !== line.quantity) void onQuantity(line, n);
    else setValue(String(line.quantity));
  };
  return (
    <input
      className="qty"
      value={value}
      inputMode="decimal"
      aria-label={`Quantity of ${line.name}`}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
          e.currentTarget.blur();
        }
      }}
      data-field="quantity"
    />
  );
}

function Customer({ session }: { session: SessionView | null }) {
  const customer = session?.customer ?? null;
  return (
    <div className="card customer" data-testid="customer" data-company={customer?.companyId ?? ''}>
      <h2>Customer</h2>
      {customer === null ? (
        <p className="muted">No customer card scanned.</p>
      ) : (
        <dl>
          <dt>Card</dt>
          <dd>{customer.cardName ?? customer.barcode ?? `#${customer.cardId ?? ''}`}</dd>
          <dt>Company</dt>
          <dd>#{customer.companyId}</dd>
          <dt>Discount</dt>
          <dd data-discount>
            {customer.discount === undefined ? '–' : `${customer.discount} %`}
            {customer.discountAmount === undefined || customer.discountAmount === 0
              ? ''
              : ` · ${formatMoney(customer.discountAmount)} off`}
          </dd>
          <dt>Owes</dt>
          <dd data-owes className={customer.owes !== undefined && customer.owes > 0 ? 'warn' : undefined}>
            {customer.owes === undefined ? 'unknown' : formatMoney(customer.owes)}
          </dd>
          {customer.source === 'offline' && (
            <>
              <dt>Source</dt>
              <dd className="warn">offline cache</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}

function Totals({ session }: { session: SessionView | null }) {
  const totals = session?.totals;
  return (
    <div className="card totals" data-totals>
      <h2>Totals</h2>
      <table>
        <thead>
          <tr>
            <th>VAT</th>
            <th className="num">Base</th>
            <th className="num">VAT</th>
            <th className="num">Gross</th>
          </tr>
        </thead>
        <tbody>
          {(totals?.byVatRate ?? []).map((t) => (
            <tr key={t.vatRate} data-vat-rate={t.vatRate}>
              <td>{t.vatRate} %</td>
              <td className="num">{formatMoney(t.base)}</td>
              <td className="num">{formatMoney(t.vat)}</td>
              <td className="num">{formatMoney(t.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(totals?.discount ?? 0) > 0 && (
        <p className="discount">Discount −{formatMoney(totals?.discount ?? 0)}</p>
      )}
      <p className="grand-total" data-total>
        {formatMoney(totals?.total ?? 0)}
      </p>
    </div>
  );
}
