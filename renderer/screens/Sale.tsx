// The counter: the current shopping session. Scans land anywhere on the window; a code can also be
// typed into the code field. Keyboard: arrows pick a line, + / - change its quantity, Delete removes
// it, F9 places the order, F8 twice voids the sale (the keymap, actions/keymap.ts; the actions,
// store/sale.ts).
import type { SessionLineView, SessionView } from '../../preload/contract.ts';
import { formatMoney } from '../format.ts';
import { Announcer } from '../components/sale/Announcer.tsx';
import { CodeEntry } from '../components/sale/CodeEntry.tsx';
import { CustomerPanel } from '../components/sale/CustomerPanel.tsx';
import { KeyLegend } from '../components/sale/KeyLegend.tsx';
import { QuantityInput } from '../components/sale/QuantityInput.tsx';
import { VatTable } from '../components/VatTable.tsx';
import { TerminalWarehousePrompt } from '../components/WarehousePicker.tsx';
import { useApp } from '../store.ts';
import { removeLine, selectLine, voidSale } from '../store/sale.ts';
import { openPayment } from '../store/payment.ts';
import { PlacedReceipt } from '../receipt/PlacedReceipt.tsx';

export function Sale() {
  const session = useApp((s) => s.session);
  const { selected, busy, voidArmed } = useApp((s) => s.sale);
  const lines = session?.lines ?? [];

  return (
    <section className="sale" data-testid="sale" aria-label="Sale">
      <div className="sale-main">
        <TerminalWarehousePrompt />
        <CodeEntry />
        <Announcer />
        <PlacedReceipt />
        <Lines lines={lines} selected={selected} onSelect={selectLine} onRemove={removeLine} />
        <KeyLegend />
      </div>
      <aside className="sale-side">
        <CustomerPanel session={session} />
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

interface LinesProps {
  lines: readonly SessionLineView[];
  selected: number;
  onSelect: (index: number) => void;
  onRemove: (line: SessionLineView) => Promise<void>;
}

function Lines({ lines, selected, onSelect, onRemove }: LinesProps) {
  if (lines.length === 0) {
    return (
      <div className="lines empty" data-testid="sale-lines">
        <p>No items yet. Scan a product or a customer card.</p>
      </div>
    );
  }
  return (
    // One Tab stop for all the lines (code field -> lines -> pay): the arrows, + / - and Delete act
    // on the selected line there; a quantity is typed by clicking its field.
    <table className="lines" data-testid="sale-lines" tabIndex={0} aria-label="Lines of the sale">
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
              <QuantityInput line={line} />
            </td>
            <td className="num">{formatMoney(line.unitPrice)}</td>
            <td className="num">{line.vatRate} %</td>
            <td className="num strong">{formatMoney(line.lineTotal)}</td>
            <td>
              <button
                type="button"
                className="danger"
                tabIndex={-1}
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

function Totals({ session }: { session: SessionView | null }) {
  const totals = session?.totals;
  return (
    <div className="card totals" data-totals>
      <h2>Totals</h2>
      <VatTable rows={totals?.byVatRate ?? []} markRows />
      {(totals?.discount ?? 0) > 0 && (
        <p className="discount">Discount −{formatMoney(totals?.discount ?? 0)}</p>
      )}
      <p className="grand-total" data-total>
        {formatMoney(totals?.total ?? 0)}
      </p>
    </div>
  );
}
