// Orders' returns (issue 37): each return with its number, the receipt it takes back, what it
// refunded and where its document is (the outbox's states; "to book in the back office" until a
// manager marks it booked there; in doubt after a DELETE that went unanswered, for a manager to
// settle). Its receipt opens in a dialog to print again.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReturnView } from '../../../contract/contract.ts';
import { useApp } from '../../store/app.ts';
import {
  closeReturnReceipt,
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
  useEffect(() => void loadReturns(), []);
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
      <div className="actions">
        <button type="button" onClick={() => void openReturnReceipt(view.id)} data-action="return-receipt">
          {t('returnReceipt')}
        </button>
        {view.state === 'back-office' && (
          <button type="button" onClick={() => void markReturnBooked(view.id)} data-action="return-booked">
            {t('returnMarkBooked')}
          </button>
        )}
        {view.state === 'in-doubt' && (
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
      </div>
    </li>
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
