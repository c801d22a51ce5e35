// A shift's X or Z report as printed on the receipt printer's paper (80 or 58 mm, the receipt's own
// layout, receipt.css) and shown on the Shift screen: the float, the sales per way of paying, per VAT
// rate and per cashier, voids, orders cancelled on the instance, the drawer's cash (expected,
// counted, the difference) and its openings without a sale, the receipt numbers, and whether every
// sale reached the instance, sale by sale; a closed shift seen later says where each sale is now.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ShiftOrderCounts, ShiftReportView } from '../../../contract/contract.ts';
import type { Paper } from '../../store/receipt.ts';
import { PaperVatTable } from '../receipt/PaperVatTable.tsx';
import { useFormat } from '../use-format.ts';
import '../receipt/receipt.css';
import './shift.css';

export function ShiftReport({ report, paper }: { report: ShiftReportView; paper: Paper }) {
  const { t } = useTranslation('shift');
  const format = useFormat();
  const when = (at: string) => format.dateTime(at);
  const row = (label: string, amount: number) => <Row label={label} amount={format.price(amount)} />;
  const followUp = report.followUp;
  const now = new Map(followUp?.saleOrders.map((s) => [s.orderId, s]) ?? []);
  return (
    <article
      className={`receipt shift-report paper-${paper}`}
      data-paper={paper}
      data-shift-report={report.kind}
      data-shift-id={report.id}
      aria-label={report.kind === 'X' ? t('xReport') : t('zReport')}
    >
      <header>
        <p className="r-store">{report.kind === 'X' ? t('xReport') : t('zReport')}</p>
        <p>{t('shiftNumber', { id: report.id })}</p>
        <p>
          {t('openedAt', { at: report.openedAt })}
          {report.openedBy !== null && ` ${t('by', { name: report.openedBy.name })}`}
        </p>
        {report.closedAt !== undefined && (
          <p>
            {t('closedAt', { at: report.closedAt })}
            {report.closedBy != null && ` ${t('by', { name: report.closedBy.name })}`}
          </p>
        )}
        {report.kind === 'X' && (
          <>
            <p>{t('takenAt', { at: report.at })}</p>
            <p className="r-unconfirmed">{t('xReportNote')}</p>
          </>
        )}
      </header>
      <Row label={t('float')} amount={format.price(report.float)} data-report-row="float" />
      <Row
        label={t('sales', { count: report.sales.count })}
        amount={format.price(report.sales.gross)}
        kind="total"
        data-report-row="sales"
      />
      <h3>{t('byMethod')}</h3>
      {Object.entries(report.byMethod).map(([method, amount]) => (
        <Row
          key={method}
          label={methodWord(t, method)}
          amount={format.price(amount)}
          data-report-method={method}
        />
      ))}
      {report.rounding !== 0 && (
        <Row label={t('rounding')} amount={format.signedPrice(report.rounding)} data-report-row="rounding" />
      )}
      <PaperVatTable rows={report.byVatRate} paper={paper} />
      {report.byCashier.some((c) => c.cashierId !== null) && (
        <>
          <h3>{t('byCashier')}</h3>
          {report.byCashier.map((c) => (
            <div key={c.cashierId ?? 'nobody'} data-report-cashier={c.cashierId ?? ''}>
              <Row label={c.name ?? t('nobody')} amount={format.price(c.sales.gross)} />
              <p className="r-qty">{t('cashierLine', { sales: c.sales.count, voids: c.voids.count })}</p>
            </div>
          ))}
        </>
      )}
      <Row
        label={t('voids', { count: report.voids.count })}
        amount={format.price(report.voids.gross)}
        data-report-row="voids"
      />
      <Row
        label={t('cancelled', { count: report.cancelled.count })}
        amount={format.price(report.cancelled.gross)}
        data-report-row="cancelled"
      />
      {report.returns !== undefined && (
        <ReturnsSection returns={report.returns} report={report} paper={paper} />
      )}
      <h3>{t('drawer')}</h3>
      {row(t('cashTaken'), report.cashTaken)}
      {row(t('changeGiven'), -report.changeGiven)}
      {row(t('paidIn'), report.paidIn)}
      {row(t('paidOut'), -report.paidOut)}
      {report.cancelled.cashRefunded !== 0 && row(t('cashRefunded'), -report.cancelled.cashRefunded)}
      {(report.returns?.byMethod.cash ?? 0) !== 0 &&
        row(t('returnsCashOut'), -(report.returns?.byMethod.cash ?? 0))}
      {report.cashMoves.map((m, i) => (
        <Row
          key={i}
          label={t(m.direction === 'in' ? 'move_in' : 'move_out', { reason: m.reason })}
          amount={format.price(m.amount)}
          kind="qty"
          data-report-move={m.direction}
        />
      ))}
      {/* Opened without a sale: no cash moved, yet whoever counts the drawer should know when. */}
      <p data-report-row="drawer-openings" data-report-drawer-openings={report.drawerOpenings.length}>
        {t('drawerOpenings', { count: report.drawerOpenings.length })}
      </p>
      {report.drawerOpenings.map((o, i) => (
        <p key={i} className="r-qty" data-report-drawer-opening={o.by}>
          {t(o.by === 'manager' ? 'drawerOpening_manager' : 'drawerOpening_till', { at: o.at })}
        </p>
      ))}
      <DrawerRow name="expected" label={t('expected')} amount={format.price(report.expectedCash)} />
      {report.countedCash !== undefined && (
        <Row label={t('counted')} amount={format.price(report.countedCash)} data-report-row="counted" />
      )}
      {report.difference !== undefined && (
        <>
          <DrawerRow name="difference" label={t('difference')} amount={format.price(report.difference)} />
          {report.overLimit === true && (
            <p data-report-over-limit>
              {(report.differenceLimit ?? 0) > 0
                ? t('overLimit', { limit: format.price(report.differenceLimit ?? 0) })
                : t('overLimitZero')}
            </p>
          )}
          {report.managerApproved === true && <p data-report-approved>{t('managerApproved')}</p>}
        </>
      )}
      <p data-report-receipts>
        {report.receiptNumbers.first === null
          ? t('noReceipts')
          : t('receiptNumbers', {
              first: report.receiptNumbers.first,
              last: report.receiptNumbers.last ?? report.receiptNumbers.first,
            })}
      </p>
      <h3>{t('ordersTitle')}</h3>
      {followUp !== undefined && <p className="r-note">{t('atClose')}</p>}
      <OrdersWords orders={report.orders} t={t} testId="at-close" />
      {followUp !== undefined && (
        <>
          <p className="r-note">{t('followUp', { at: followUp.at })}</p>
          <OrdersWords orders={followUp.orders} t={t} testId="now" />
        </>
      )}
      {/* A sale a block: its number and total, then where its order is on a line of its own. */}
      <div className="shift-sales">
        {report.saleOrders.map((s) => {
          const later = now.get(s.orderId);
          const state = later?.state ?? s.state;
          const remoteId = later?.remoteId ?? s.remoteId;
          const acknowledgedAt = later?.acknowledgedAt ?? s.acknowledgedAt;
          return (
            <div key={s.orderId} data-report-sale={s.orderId} data-report-sale-state={state}>
              <Row
                label={
                  s.receiptNumber === undefined
                    ? s.reference.slice(0, 8)
                    : t('saleNumber', { number: s.receiptNumber })
                }
                amount={format.price(s.total)}
              />
              <p className="r-qty">
                {t(`state_${state}`, { id: remoteId ?? '' })}
                {later !== undefined && acknowledgedAt !== undefined && later.state !== s.state
                  ? `, ${t('acknowledgedAt', { at: acknowledgedAt })}`
                  : ''}
              </p>
            </div>
          );
        })}
      </div>
      <footer>
        <p className="r-reference">{when(report.at)}</p>
      </footer>
    </article>
  );
}

type Returns = NonNullable<ShiftReportView['returns']>;

/**
 * Goods taken back in the shift (issue 37): how many and what they refunded, per VAT rate, per way
 * of paying and per cashier, then each return with where its document is (a return the instance
 * offers no way to take waits for the back office: said so until a manager marks it booked).
 */
function ReturnsSection({
  returns,
  report,
  paper,
}: {
  returns: Returns;
  report: ShiftReportView;
  paper: Paper;
}) {
  const { t } = useTranslation('shift');
  const format = useFormat();
  const names = new Map(report.byCashier.map((c) => [c.cashierId, c.name]));
  return (
    <section data-report-returns={returns.count}>
      <h3>{t('returnsTitle')}</h3>
      <Row
        label={t('returnsCount', { count: returns.count })}
        amount={format.price(-returns.gross)}
        data-report-row="returns"
      />
      {Object.entries(returns.byMethod).map(([method, amount]) => (
        <Row
          key={method}
          label={methodWord(t, method)}
          amount={format.price(-amount)}
          kind="qty"
          data-report-return-method={method}
        />
      ))}
      {/* Cash paid back rounded to what can be paid: beyond the refund (-) or short of it (+). */}
      {returns.rounding !== 0 && (
        <Row
          label={t('rounding')}
          amount={format.signedPrice(-returns.rounding)}
          data-report-row="returns-rounding"
        />
      )}
      <PaperVatTable rows={returns.byVatRate.map(negative)} paper={paper} />
      {returns.byCashier.some((c) => c.cashierId !== null) &&
        returns.byCashier.map((c) => (
          <Row
            key={c.cashierId ?? 'nobody'}
            label={t('returnsCashierLine', { name: names.get(c.cashierId) ?? t('nobody'), count: c.count })}
            amount={format.price(-c.gross)}
            kind="qty"
            data-report-return-cashier={c.cashierId ?? ''}
          />
        ))}
      {returns.list.map((r) => (
        <div key={r.id} data-report-return={r.number} data-report-return-state={r.state}>
          <Row
            label={
              r.withoutReceipt === true
                ? t('returnNumberNoReceipt', { number: r.number })
                : t('returnNumber', { number: r.number, receipt: r.receipt ?? '' })
            }
            amount={format.price(-r.total)}
          />
          <p className="r-qty">{returnStateWords(t, r.state)}</p>
        </div>
      ))}
    </section>
  );
}

const negative = (v: Returns['byVatRate'][number]) => ({ ...v, base: -v.base, vat: -v.vat, gross: -v.gross });

/** Where a return's document is, in the report's words (the outbox's states, the back office's). */
function returnStateWords(t: TFunction<'shift'>, state: string): string {
  switch (state) {
    case 'sent':
      return t('returnOnInstance');
    case 'back-office':
      return t('state_back-office');
    case 'booked':
      return t('state_booked');
    case 'queued':
    case 'sending':
    case 'in-doubt':
    case 'needs-fix':
    case 'blocked':
      return t(`state_${state}`);
    default:
      return state;
  }
}

function methodWord(t: TFunction<'shift'>, method: string): string {
  if (method === 'cash') return t('method_cash');
  if (method === 'card') return t('method_card');
  return t('method_unsaid');
}

/** Whether every sale reached the instance, and what became of the others, in words. */
function OrdersWords({
  orders,
  t,
  testId,
}: {
  orders: ShiftOrderCounts;
  t: TFunction<'shift'>;
  testId: string;
}) {
  const onInstance = orders.acknowledged + orders.cancelled;
  const lines =
    orders.placed === 0
      ? [t('ordersNone')]
      : onInstance === orders.placed && orders.cancelled === 0
        ? [t('ordersAll', { count: orders.placed })]
        : [
            t('ordersSome', { acknowledged: orders.acknowledged, placed: orders.placed }),
            ...(orders.queued > 0 ? [t('ordersWaiting', { count: orders.queued })] : []),
            ...(orders.inDoubt > 0 ? [t('ordersInDoubt', { count: orders.inDoubt })] : []),
            ...(orders.needsFix > 0 ? [t('ordersNeedsFix', { count: orders.needsFix })] : []),
            ...(orders.blocked > 0 ? [t('ordersBlocked', { count: orders.blocked })] : []),
            ...(orders.cancelled > 0 ? [t('ordersCancelled', { count: orders.cancelled })] : []),
            ...(orders.discarded > 0 ? [t('ordersDiscarded', { count: orders.discarded })] : []),
          ];
  return (
    <div
      className="shift-orders"
      data-report-orders={testId}
      data-acknowledged={orders.acknowledged}
      data-placed={orders.placed}
    >
      {lines.map((line, i) => (
        <p key={i} className={i === 0 ? 'r-unconfirmed' : undefined}>
          {line}
        </p>
      ))}
    </div>
  );
}

/** One figure: what it is, and the amount at the right. */
/**
 * A line of the report: its words left, its amount right. `kind`: a total, the counted difference, or
 * a line under the one above (r-qty); `amountMark`: a data-* mark on the amount itself.
 */
function Row({
  label,
  amount,
  kind,
  amountMark,
  ...data
}: {
  label: string;
  amount: string;
  kind?: 'total' | 'difference' | 'qty';
  amountMark?: `data-${string}`;
} & Record<`data-${string}`, string>) {
  return (
    <p className={kind === undefined ? 'r-row' : `r-row r-${kind}`} {...data}>
      <span>{label}</span>
      <span className="num" {...(amountMark === undefined ? {} : { [amountMark]: true })}>
        {amount}
      </span>
    </p>
  );
}

/**
 * The drawer's two checked figures: the cash expected (a total) and the counted difference. Their
 * amounts carry data-report-expected / data-report-difference, what readers of the report look up.
 */
function DrawerRow({
  name,
  label,
  amount,
}: {
  name: 'expected' | 'difference';
  label: string;
  amount: string;
}) {
  return (
    <Row
      label={label}
      amount={amount}
      kind={name === 'expected' ? 'total' : 'difference'}
      amountMark={`data-report-${name}`}
      data-report-row={name}
    />
  );
}
