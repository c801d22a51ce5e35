// The counter: the current shopping session. Scans land anywhere on the window; a code can also be
// typed into the code field. Keyboard: arrows pick a line, + / - change its quantity, Delete removes
// it, F9 places the order, F8 twice voids the sale (the keymap, actions/keymap.ts; the actions,
// store/sale.ts).
import { useEffect, useState } from 'react';
import type { OutboxEntryView, SessionLineView, SessionView } from '../../preload/contract.ts';
import { formatMoney, formatQty } from '../format.ts';
import { TerminalWarehousePrompt } from '../components/WarehousePicker.tsx';
import { useApp } from '../store.ts';
import { removeLine, scan, selectLine, setQuantity, voidSale } from '../store/sale.ts';
import { openPayment } from '../store/payment.ts';
import { PlacedReceipt } from '../receipt/PlacedReceipt.tsx';

export function Sale() {
  const session = useApp((s) => s.session);
  const sessionError = useApp((s) => s.sessionError);
  const { selected, outcome, placed, busy, voidArmed } = useApp((s) => s.sale);
  const placedEntry = useApp((s) => (placed === null ? undefined : s.outbox.find((o) => o.id === placed)));
  const lines = session?.lines ?? [];

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
        <PlacedReceipt />
        {sessionError !== null && <p className="notice error">{sessionError}</p>}
        <Lines
          lines={lines}
          selected={selected}
          onSelect={selectLine}
          onQuantity={setQuantity}
          onRemove={removeLine}
        />
      </div>
      <aside className="sale-side">
        <Customer session={session} />
        <Totals session={session} />
        <button
          type="button"
          className="primary big"
          disabled={busy || lines.length === 0}
          onClick={() => openPayment()}
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
