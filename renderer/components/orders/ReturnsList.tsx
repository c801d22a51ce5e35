// Orders' returns (issue 37): each return with its number, the receipt it takes back, what it
// refunded and where its document is (the outbox's states; "to book in the back office" until a
// manager marks it booked there; in doubt after a DELETE that went unanswered, for a manager to
// settle; in doubt as its own order, settled at that order below). Its receipt opens in a dialog to
// print again.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReturnView } from '../../../contract/contract.ts';
import { useApp } from '../../store/app.ts';
import { setOrdersQuery } from '../../store/orders.ts';
import {
  closeReturnReceipt,
  followReturns,
  loadReturns,
  markReturnBooked,
  openReturnReceipt,
  printReturnReceipt,
  settleReturn,
  useReturns,
} from '../../store/returns-list.ts';
import { ReturnPrintCopy, ReturnReceipt } from '../receipt/ReturnReceipt.tsx';
import { ReceiptModal } from '../receipt/ReceiptDialog.tsx';
import { useFormat } from '../use-format.ts';
import { STATE_LABEL } from '../../words/orders.ts';
import './returns-list.css';

/** A return's document is an order (the outbox's state names), or a back-office return's own state. */
const STATE_WORD = {
  ...STATE_LABEL,
  'back-office': 'returnStateBackOffice',
  booked: 'returnStateBooked',
} as const satisfies Record<ReturnView['state'], string>;

export function ReturnsList() {
  const { t } = useTranslation('orders');
  const list = useReturns((s) => s.list);
  const error = useReturns((s) => s.error);
  // Read again whenever the core says the till's returns changed (made, routed, in doubt, booked,
  // settled), and whenever an order changes state: a return's state follows its document's, which the
  // orders below settle (and the outbox sends) while this screen is open.
  useEffect(() => followReturns(), []);
  const outboxMoved = useApp((s) => (s.outboxCounts === null ? '' : JSON.stringify(s.outboxCounts)));
  useEffect(() => void loadReturns(), [outboxMoved]);
  if (list.length === 0 && error === null) return null;
  return (
    <section className="returns-list" aria-label={t('returnsLabel')} data-testid="returns-list">
      <h2>{t('returnsLabel')}</h2>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <ul className="order-list">
        {list.map((r) => (
          <ReturnRow key={r.id} view={r} />
        ))}
      </ul>
      <ReturnDialog />
    </section>
  );
}

function ReturnRow({ view }: { view: ReturnView }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const at = atItsOrder(view);
  return (
    <li className={`order state-${view.state}`} data-return={view.number} data-state={view.state}>
      <div className="return-summary">
        <strong>{view.number}</strong>{' '}
        <span>
          {view.withoutReceipt === true
            ? t('returnNoReceipt')
            : t('returnOfReceipt', { receipt: view.receipt })}
        </span>{' '}
        <span className="num" data-return-amount>
          -{format.price(view.total)}
        </span>{' '}
        <span className="order-state" data-return-state>
          {t(STATE_WORD[view.state])}
        </span>
        {view.state === 'back-office' && view.saleRemoteId !== undefined && (
          <span className="muted"> {t('instanceId', { id: view.saleRemoteId })}</span>
        )}
      </div>
      {at !== undefined && (
        <p className="return-at-order" data-return-at-order={at.id}>
          {t('returnAtOrder', { id: at.id })}
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={() => void openReturnReceipt(view.id)} data-action="return-receipt">
          {t('returnReceipt')}
        </button>
        {view.state === 'back-office' && (
          <button type="button" onClick={() => void markReturnBooked(view.id)} data-action="return-booked">
            {t('returnMarkBooked')}
          </button>
        )}
        {/* Only a DELETE's return is settled here; another route's document is an order of the list below. */}
        {view.state === 'in-doubt' && view.route === 'delete' && (
          <>
            <button
              type="button"
              onClick={() => void settleReturn(view.id, true)}
              data-action="return-settle-gone"
            >
              {t('returnSettleGone')}
            </button>
            <button
              type="button"
              onClick={() => void settleReturn(view.id, false)}
              data-action="return-settle-there"
            >
              {t('returnSettleThere')}
            </button>
          </>
        )}
        {at !== undefined && (
          <button type="button" onClick={() => void showOrder(at)} data-action="return-show-order">
            {t('returnShowOrder', { id: at.id })}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The order a return in doubt is settled at, when its document is an order of its own (a negative
 * order): that order is settled in the Orders list below, as any order in doubt is. A DELETE's
 * return has none: it is settled on its row.
 */
function atItsOrder(view: ReturnView): { id: number; reference: string } | undefined {
  if (view.state !== 'in-doubt' || view.route === 'delete') return undefined;
  if (view.documentOrderId === undefined || view.documentReference === undefined) return undefined;
  return { id: view.documentOrderId, reference: view.documentReference };
}

/** Has the Orders list show this order (found by its reference, whatever it showed) and scrolls to it. */
async function showOrder(at: { id: number; reference: string }): Promise<void> {
  await setOrdersQuery({ filter: 'all', text: at.reference, day: '' });
  requestAnimationFrame(() =>
    document.querySelector(`[data-order="${String(at.id)}"]`)?.scrollIntoView({ block: 'nearest' }),
  );
}

function ReturnDialog() {
  const view = useReturns((s) => s.dialog);
  return view === null ? null : <Dialog view={view} />;
}

function Dialog({ view }: { view: ReturnView }) {
  const { t } = useTranslation('receipt');
  const notice = useReturns((s) => s.notice);
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  return (
    <ReceiptModal
      name="return-receipt"
      title={
        view.withoutReceipt === true
          ? t('returnTitleNoReceipt', { number: view.number })
          : t('returnTitle', { number: view.number, receipt: view.receipt })
      }
      paper={<ReturnReceipt view={view} paper={paper} />}
      notice={notice}
      print={{ onClick: () => void printReturnReceipt(), action: 'print-return-receipt' }}
      close={{ onClick: () => closeReturnReceipt(), action: 'close-return-receipt' }}
    >
      <ReturnPrintCopy view={view} paper={paper} />
    </ReceiptModal>
  );
}
