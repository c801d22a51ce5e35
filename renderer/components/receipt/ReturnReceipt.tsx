// A return's receipt as the screen and the system print show it, the same as the receipt printer's
// paper (main/printer/return-paper.ts): "Vratka č. P1-V000001 k účtence P1-000001", the sale's date,
// each line taken back negative with its VAT rate, the total back, VAT per rate (negative), the
// refund per tender with cash rounding, who took it back, the customer's signature, its reference.
// A print after the first says KOPIE.
import { useTranslation } from 'react-i18next';
import type { ReturnView } from '../../../contract/contract.ts';
import type { Paper } from '../../store/receipt.ts';
import { useFormat } from '../use-format.ts';
import { PaperVatTable } from './PaperVatTable.tsx';
import { PaperCopy } from './Receipt.tsx';
import { keepUnitsTogether } from './together.ts';
import './receipt.css';

export function ReturnReceipt({ view, paper }: { view: ReturnView; paper: Paper }) {
  const { t } = useTranslation('receipt');
  const format = useFormat();
  const minus = (n: number) => (n === 0 ? format.price(0) : `-${format.price(n)}`);
  const copy = view.printCount > 0;
  // A return without a receipt names no sale: no receipt number, no sale date (issue 37, point 3).
  const title =
    view.withoutReceipt === true
      ? t('returnTitleNoReceipt', { number: view.number })
      : t('returnTitle', { number: view.number, receipt: view.receipt });
  return (
    <article
      className={`receipt paper-${paper}`}
      data-paper={paper}
      data-return-receipt={view.number}
      data-receipt-copy={copy}
      aria-label={title}
    >
      <header>
        <p className="r-store">{view.store ?? t('storeDefault')}</p>
        <p className="r-number" data-return-title>
          {title}
        </p>
        {view.withoutReceipt !== true && <p>{t('returnSaleDate', { date: format.dateTime(view.soldAt) })}</p>}
        <p>{format.dateTime(view.createdAt)}</p>
        {copy && (
          <p className="r-copy" data-receipt-copy-mark>
            {t('copy')}
          </p>
        )}
      </header>
      <table className="r-lines">
        <tbody>
          {view.lines.map((l) => (
            <tr key={l.lineNo} data-return-line>
              <td>
                <div className="r-name">{keepUnitsTogether(l.name)}</div>
                <div className="r-qty">
                  {keepUnitsTogether(
                    `-${format.qty(l.quantity)}${l.unitOfMeasure === undefined ? '' : `\u00a0${l.unitOfMeasure}`} ${t('linePercent', { value: l.vatRate })}`,
                  )}
                </div>
              </td>
              <td className="num">{minus(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="r-row r-total">
        <span>{t('returnTotal')}</span>
        <span data-return-total>{minus(view.total)}</span>
      </p>
      <PaperVatTable
        rows={view.byVatRate.map((v) => ({
          vatRate: v.vatRate,
          base: -v.base,
          vat: -v.vat,
          gross: -v.gross,
        }))}
        paper={paper}
      />
      {view.refund.card !== undefined && (
        <p className="r-row" data-return-refund="card">
          <span>{t('returnRefundCard')}</span>
          <span>{format.price(view.refund.card)}</span>
        </p>
      )}
      {view.refund.cash !== undefined && view.cashRounding !== 0 && (
        <p className="r-row">
          <span>{t('cashRounding')}</span>
          <span>{`${view.cashRounding < 0 ? '-' : '+'}${format.price(Math.abs(view.cashRounding))}`}</span>
        </p>
      )}
      {view.refund.cash !== undefined && (
        <p className="r-row" data-return-refund="cash">
          <span>{t('returnRefundCash')}</span>
          <span>{format.price(view.refund.cash)}</span>
        </p>
      )}
      {view.exchangeReceipt !== undefined && (
        <p data-return-exchange>{t('returnExchange', { receipt: view.exchangeReceipt })}</p>
      )}
      {view.withoutReceipt === true && <p data-return-no-receipt>{t('returnNoReceiptNote')}</p>}
      {view.cashierName !== undefined && <p>{t('returnBy', { name: view.cashierName })}</p>}
      <footer>
        <p className="r-signature">{t('returnSignature')}</p>
        <p className="r-reference">
          {t('reference')} <span data-receipt-reference>{view.reference}</span>
        </p>
      </footer>
    </article>
  );
}

/** The return's receipt to print through the system print path, straight under <body>. */
export function ReturnPrintCopy({ view, paper }: { view: ReturnView; paper: Paper }) {
  return (
    <PaperCopy paper={paper} content={view}>
      <ReturnReceipt view={view} paper={paper} />
    </PaperCopy>
  );
}
