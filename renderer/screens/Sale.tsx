// The counter: the current shopping session. Scans land anywhere on the window; a code can also be
// typed into the code field. Keyboard: arrows pick a line, + / - change its quantity, Delete removes
// it, F9 places the order, F8 twice voids the sale (the keymap, actions/keymap.ts; the actions,
// store/sale.ts).
import { ExchangeCreditNote } from '../components/sale/ExchangeCredit.tsx';
import type { SessionLineView, SessionView } from '../../contract/contract.ts';
import { useTranslation } from 'react-i18next';
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
import { memo, useMemo } from 'react';
import { expectedIndex, isUnstored, rowKey, shownLines, type ExpectedLine } from '../store/expected-line.ts';

// The Sale screen renders again for every change of the sale's state (a scan's expected line, its
// answer, each key in the code field): its parts that did not change are not rendered again, so
// the frame after a scan's Enter has only the scan's own row to render.
const PureTerminalWarehousePrompt = memo(TerminalWarehousePrompt);
const PureCodeEntry = memo(CodeEntry);
const PureAnnouncer = memo(Announcer);
const PurePlacedReceipt = memo(PlacedReceipt);
const PureKeyLegend = memo(KeyLegend);
const PureParkedSales = memo(ParkedSales);
const PureChangeDue = memo(ChangeDue);
const PureCustomerPanel = memo(CustomerPanel);
const PureCardIssueDialog = memo(CardIssueDialog);

export function Sale() {
  const session = useApp((s) => s.session);
  const { selected, busy, voidArmed, expected } = useApp((s) => s.sale);
  const lines = session?.lines ?? [];
  // A scan's line shows from the frame after its Enter; the core's answer replaces it.
  const shown = useMemo(() => shownLines(lines, expected), [lines, expected]);
  const expectedAt = expectedIndex(shown, expected);
  const { t } = useTranslation('sale');

  return (
    <section className="sale" data-testid="sale" aria-label={t('saleLabel')}>
      <div className="sale-main">
        <PureTerminalWarehousePrompt />
        <PureCodeEntry />
        <PureAnnouncer />
        <PurePlacedReceipt />
        <PureLines
          lines={shown}
          expected={expected}
          selected={expectedAt ?? selected}
          onSelect={selectLine}
          onRemove={removeLine}
        />
        <PureKeyLegend />
        <PureParkedSales />
      </div>
      <aside className="sale-side">
        <PureChangeDue />
        <PureCustomerPanel session={session} />
        <PureTotals session={session} />
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
        <PureParkedButton session={session} />
      </aside>
      <PureCardIssueDialog />
    </section>
  );
}

/** Opens the parked sales (F10): to park the sale on the counter, or to recall one. */
function ParkedButton({ session }: { session: SessionView | null }) {
  const { t } = useTranslation('parked');
  const inStore = useApp((s) => parkedInStore(s.status));
  const count = parkedCount(session, inStore);
  return (
    <button
      type="button"
      disabled={parkingOffer(session, inStore) === undefined}
      onClick={() => void openParked()}
      data-action="parked-sales"
      data-parked-count={count}
    >
      {t('button')}
      {count > 0 && <span className="parked-count">{count}</span>} <kbd>F10</kbd>
    </button>
  );
}

interface LinesProps {
  lines: readonly SessionLineView[];
  /** The scan's line shown before the core's answer, if any (its row's key). */
  expected: ExpectedLine | null;
  selected: number;
  onSelect: (index: number) => void;
  onRemove: (line: SessionLineView) => Promise<void>;
}

function Lines(props: LinesProps) {
  // The list scrolls in a box of its own, following the selected (mostly the newest) line.
  const box = useFollowSelected<HTMLDivElement>(props.selected, props.lines);
  return (
    <div className="lines-box" ref={box} data-testid="lines-box">
      <LinesTable {...props} />
    </div>
  );
}

function LinesTable({ lines, expected, selected, onSelect, onRemove }: LinesProps) {
  const { t } = useTranslation('sale');
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
            key={rowKey(line, expected)}
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
 * One line of the sale. Each answer of the core brings every line anew (JSON), so a row renders
 * again only when what it shows changed: a scan re-renders its own row, not the whole basket.
 */
const LineRow = memo(function LineRow({ line, index, selected, onSelect, onRemove }: LineRowProps) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  // Shown before the core stored it (store/expected-line.ts): nothing to select or remove yet.
  const unstored = isUnstored(line.id);
  return (
    <tr
      className={selected ? 'selected' : undefined}
      onClick={unstored ? undefined : () => onSelect(index)}
      data-line={String(line.id)}
      data-barcode={line.barcode ?? ''}
      data-quantity={String(line.quantity)}
      {...(unstored ? { 'data-unstored': '' } : {})}
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
          disabled={unstored}
          aria-label={t('removeLine', { name: line.name })}
          onClick={() => void onRemove(line)}
        >
          {t('removeMark')}
        </button>
      </td>
    </tr>
  );
}, sameRow);

/** Props that show the same row: the line's content compared, not its object (new with each answer). */
function sameRow(a: LineRowProps, b: LineRowProps): boolean {
  return (
    a.index === b.index &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onRemove === b.onRemove &&
    (a.line === b.line || JSON.stringify(a.line) === JSON.stringify(b.line))
  );
}

function Totals({ session }: { session: SessionView | null }) {
  const totals = session?.totals;
  const { t } = useTranslation('sale');
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
      {(totals?.discount ?? 0) > 0 && (
        <p className="discount">{t('discountOff', { amount: format.price(totals?.discount ?? 0) })}</p>
      )}
      <p className="grand-total" data-total ref={grand}>
        {total}
      </p>
      <ExchangeCreditNote />
    </div>
  );
}

const PureTotals = memo(Totals);
const PureParkedButton = memo(ParkedButton);
const PureLines = memo(Lines);
