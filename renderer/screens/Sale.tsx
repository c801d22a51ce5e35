// The counter: the current shopping session. Scans land anywhere on the window; a code can also be
// typed into the code field. Keyboard: arrows pick a line, + / - change its quantity, Delete removes
// it, F9 places the order, F8 twice voids the sale (the keymap, actions/keymap.ts; the actions,
// store/sale.ts).
import { ExchangeCreditNote } from '../components/sale/ExchangeCredit.tsx';
import type { SessionLineView, SessionView } from '../../contract/contract.ts';
import { memo } from 'react';
import { useWords } from '../i18n/kept-words.ts';
import { spoken } from '../i18n/spoken.ts';
import { useFormat } from '../components/use-format.ts';
import { AdjustmentNote, ChargedPrice } from '../components/sale/AdjustmentNote.tsx';
import { Announcer } from '../components/sale/Announcer.tsx';
import { CodeEntry } from '../components/sale/CodeEntry.tsx';
import { CustomerPanel } from '../components/sale/CustomerPanel.tsx';
import { CardIssueDialog } from '../components/sale/CardIssueDialog.tsx';
import { KeyLegend } from '../components/sale/KeyLegend.tsx';
import { QuantityInput } from '../components/sale/QuantityInput.tsx';
import { VatTable } from '../components/VatTable.tsx';
import { TerminalWarehousePrompt } from '../components/WarehousePicker.tsx';
import { useApp } from '../store/app.ts';
import { removeLine, selectLine, voidSale } from '../store/sale.ts';
import { openPayment } from '../store/payment.ts';
import { PlacedReceipt } from '../components/receipt/PlacedReceipt.tsx';
import { ParkedSales } from '../components/sale/ParkedSales.tsx';
import { openParked, parkedCount, parkedInStore, parkingOffer } from '../store/parked.ts';
import { ChangeDue } from '../components/payment/ChangeDue.tsx';
import { useFollowSelected } from '../components/sale/follow.ts';
import { useFitWidth } from '../components/fit.ts';
import { useShallow } from 'zustand/react/shallow';

// The Sale screen renders again for each answer of the core (a new session, every line anew as
// JSON) and each change of the sale's state: its parts that take no props follow the store
// themselves and are not rendered again with it, and the ones given the session render again only
// when what they show of it changed. A scan renders the screen, its own row, the totals and what
// else shows its change, not every part of the screen.
const PureTerminalWarehousePrompt = memo(TerminalWarehousePrompt);
const PureCodeEntry = memo(CodeEntry);
const PureAnnouncer = memo(Announcer);
const PurePlacedReceipt = memo(PlacedReceipt);
const PureKeyLegend = memo(KeyLegend);
const PureParkedSales = memo(ParkedSales);
const PureChangeDue = memo(ChangeDue);
const PureCardIssueDialog = memo(CardIssueDialog);
/** Shows the session's customer and walk-in customer only. */
const PureCustomerPanel = memo(
  CustomerPanel,
  (a, b) =>
    sameData(a.session?.customer, b.session?.customer) && sameData(a.session?.walkIn, b.session?.walkIn),
);
const NO_LINES: readonly SessionLineView[] = [];

export function Sale() {
  const session = useApp((s) => s.session);
  const { selected, busy, voidArmed } = useApp(
    useShallow(({ sale: s }) => ({ selected: s.selected, busy: s.busy, voidArmed: s.voidArmed })),
  );
  const lines = session?.lines ?? NO_LINES;
  const t = useWords('sale');

  return (
    <section className="sale" data-testid="sale" aria-label={t('saleLabel')}>
      <div className="sale-main">
        <PureTerminalWarehousePrompt />
        <PureCodeEntry />
        <PureAnnouncer />
        <PurePlacedReceipt />
        <PureLines lines={lines} selected={selected} onSelect={selectLine} onRemove={removeLine} />
        <PureKeyLegend />
        <PureParkedSales />
      </div>
      <aside className="sale-side">
        <PureChangeDue />
        <PureCustomerPanel session={session} />
        <PureTotals totals={session?.totals} />
        <button
          type="button"
          className="primary big"
          disabled={busy || lines.length === 0}
          onClick={() => void openPayment()}
          data-action="place-order"
        >
          {t('placeOrder')} <kbd>F9</kbd>
        </button>
        <button
          type="button"
          className={voidArmed ? 'void armed' : 'void'}
          disabled={lines.length === 0 && (session?.customer ?? null) === null}
          onClick={() => void voidSale()}
          data-action="void-sale"
        >
          {voidArmed ? t('voidPressAgain') : t('voidSale')} <kbd>F8</kbd>
        </button>
        <ParkedButton />
      </aside>
      <PureCardIssueDialog />
    </section>
  );
}

/**
 * Opens the parked sales (F10): to park the sale on the counter, or to recall one. Renders when
 * what it shows changes, not with each answer of the core.
 */
const ParkedButton = memo(function ParkedButton() {
  const t = useWords('parked');
  const count = useApp((s) => parkedCount(s.session, parkedInStore(s.status)));
  const offer = useApp((s) => parkingOffer(s.session, parkedInStore(s.status)));
  return (
    <button
      type="button"
      disabled={offer === undefined}
      onClick={() => void openParked()}
      data-action="parked-sales"
      data-parked-count={count}
    >
      {t('button')}
      {count > 0 && <span className="parked-count">{count}</span>} <kbd>F10</kbd>
    </button>
  );
});

interface LinesProps {
  lines: readonly SessionLineView[];
  selected: number;
  onSelect: (index: number) => void;
  onRemove: (line: SessionLineView) => Promise<void>;
}

const PureLines = memo(function Lines(props: LinesProps) {
  // The list scrolls in a box of its own, following the selected (mostly the newest) line.
  const box = useFollowSelected<HTMLDivElement>(props.selected, props.lines);
  return (
    <div className="lines-box" ref={box} data-testid="lines-box">
      <LinesTable {...props} />
    </div>
  );
});

function LinesTable({ lines, selected, onSelect, onRemove }: LinesProps) {
  const t = useWords('sale');
  if (lines.length === 0) {
    return (
      <div className="lines empty" data-testid="sale-lines">
        <p>{t('noItems')}</p>
      </div>
    );
  }
  return (
    // One Tab stop for all the lines (code field -> lines -> pay): the arrows, + / - and Delete act
    // on the selected line there; a quantity is typed as `5*` then Enter, or in its field.
    <table className="lines" data-testid="sale-lines" tabIndex={0} aria-label={t('linesLabel')}>
      <thead>
        <tr>
          <th className="item">{t('columnItem')}</th>
          <th className="num">{t('columnQty')}</th>
          <th className="num">{t('columnPrice')}</th>
          <th className="num">{t('columnTotal')}</th>
          <th aria-label={t('columnActions')} />
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <LineRow
            key={String(line.id)}
            line={line}
            index={index}
            selected={index === selected}
            onSelect={onSelect}
            onRemove={onRemove}
          />
        ))}
      </tbody>
    </table>
  );
}

interface LineRowProps {
  line: SessionLineView;
  index: number;
  selected: boolean;
  onSelect: (index: number) => void;
  onRemove: (line: SessionLineView) => Promise<void>;
}

/**
 * One line of the sale. Each scan brings the whole session anew (new objects for every line): a row
 * whose line is the same as before is not rendered again, so a scan renders the one row it changed,
 * not the whole sale, before the next frame. Its hooks (language, currency) still render it when those
 * change.
 */
const LineRow = memo(function LineRow({ line, index, selected, onSelect, onRemove }: LineRowProps) {
  const t = useWords('sale');
  const format = useFormat();
  return (
    <tr
      className={selected ? 'selected' : undefined}
      onClick={() => onSelect(index)}
      data-line={String(line.id)}
      data-barcode={line.barcode ?? ''}
      data-quantity={String(line.quantity)}
    >
      <td className="item">
        {/* Two rows at most; the whole name on hover and for screen readers. */}
        <div className="item-name" title={line.name}>
          {line.name}
        </div>
        <div className="muted item-code">{[line.productCode, line.barcode].filter(Boolean).join(' · ')}</div>
        {line.priceEntered === true && (
          <div className="muted" data-price-entered>
            {t('priceEnteredMark')}
          </div>
        )}
        {line.adjustment !== undefined && (
          <AdjustmentNote adjustment={line.adjustment} unitPrice={line.unitPrice} />
        )}
        {line.problem !== undefined && (
          <div className="line-problem" data-line-problem>
            {spoken(line.problem.said, line.problem.message)}
          </div>
        )}
      </td>
      <td className="num">
        <QuantityInput line={line} />
      </td>
      {/* The rate under the price, not a column: a 1024 px wide screen keeps room for the name. */}
      <td className="num">
        <ChargedPrice line={line} />
        <div className="muted" data-line-vat={line.vatRate}>
          {t('columnVat')} {t('percent', { value: line.vatRate })}
        </div>
      </td>
      {/* After the line's own discount; the card's comes off in the totals. */}
      <td className="num strong" data-line-total>
        {format.price(line.lineTotal - (line.adjustment?.amount ?? 0))}
      </td>
      <td className="remove">
        <button
          type="button"
          className="danger"
          tabIndex={-1}
          aria-label={t('removeLine', { name: line.name })}
          onClick={() => void onRemove(line)}
        >
          {t('removeMark')}
        </button>
      </td>
    </tr>
  );
}, sameRow);

function sameRow(a: LineRowProps, b: LineRowProps): boolean {
  return (
    a.index === b.index &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onRemove === b.onRemove &&
    sameData(a.line, b.line)
  );
}

/** Whether two values parsed from JSON (the contract's views) hold the same data. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameData(ra[k], rb[k]));
}

/** The sale's totals: rendered again when they changed, not for every answer of the core. */
const PureTotals = memo(Totals, (a, b) => sameData(a.totals, b.totals));

function Totals({ totals }: { totals: SessionView['totals'] | undefined }) {
  const t = useWords('sale');
  const format = useFormat();
  const total = format.price(totals?.total ?? 0);
  // A big sale's amounts shrink to stay inside the panel. The VAT table's cells (0.85 of its size)
  // stay at 12 px at least: before that it leaves out its gross column, which the total says.
  const vat = useFitWidth<HTMLDivElement>(`${total} ${JSON.stringify(totals?.byVatRate ?? [])}`, {
    narrowBelowPx: 12 / 0.85,
  });
  const grand = useFitWidth<HTMLParagraphElement>(total);
  return (
    <div className="card totals" data-totals>
      <h2>{t('totals')}</h2>
      <div className="vat-fit" ref={vat}>
        <VatTable rows={totals?.byVatRate ?? []} markRows />
      </div>
      {/* The lines above are each after their own discount: only what comes off them is said here. */}
      {(totals?.saleDiscount ?? 0) > 0 && (
        <p className="discount" data-sale-discount>
          {t('discountOff', { amount: format.price(totals?.saleDiscount ?? 0) })}
        </p>
      )}
      <p className="grand-total" data-total ref={grand}>
        {total}
      </p>
      <ExchangeCreditNote />
    </div>
  );
}
