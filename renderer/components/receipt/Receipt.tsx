// A receipt as printed: store, time, lines, VAT, total, payment, customer, and the order's reference
// and state (a queued order's receipt says it is not confirmed yet). Two layouts, by paper width:
// 80 mm and 58 mm (receipt.css). `PrintCopy` puts the receipt to print straight into <body>, so the
// print CSS can hide the app and print only it, on a page as wide as the paper.
import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ReceiptView } from '../../../contract/contract.ts';
import { VatTable } from '../VatTable.tsx';
import { useFormat } from '../use-format.ts';
import type { Paper } from '../../store/receipt.ts';
import { stateLine } from '../../words/receipt.ts';
import { TenderRows } from './TenderRows.tsx';
import './receipt.css';

export function Receipt({ receipt, paper }: { receipt: ReceiptView; paper: Paper }) {
  const { t } = useTranslation('receipt');
  const format = useFormat();
  const state = stateLine(receipt, t);
  return (
    <article
      className={`receipt paper-${paper}`}
      data-paper={paper}
      data-receipt={String(receipt.orderId)}
      data-receipt-state={receipt.state}
      aria-label={t('receipt')}
    >
      <header>
        <p className="r-store">{receipt.store ?? t('storeDefault')}</p>
        <p>{format.dateTime(receipt.placedAt)}</p>
        <p
          className={state.confirmed ? 'r-state' : 'r-state r-unconfirmed'}
          data-receipt-confirmed={state.confirmed}
        >
          {state.text}
        </p>
        <p>
          {t('reference')} <span data-receipt-reference>{receipt.reference}</span>
        </p>
      </header>
      <table className="r-lines">
        <tbody>
          {receipt.lines.map((l, i) => (
            <tr key={i} data-receipt-line>
              <td>
                <div className="r-name">{l.name}</div>
                <div className="r-qty">
                  {[
                    format.qty(l.quantity),
                    l.unitOfMeasure,
                    l.unitPrice === undefined
                      ? undefined
                      : t('lineUnitPrice', { price: format.price(l.unitPrice) }),
                    l.discount > 0 ? t('lineDiscount', { amount: format.price(l.discount) }) : undefined,
                    t('linePercent', { value: l.vatRate }),
                  ]
                    .filter((part) => part !== undefined)
                    .join(' ')}
                </div>
              </td>
              <td className="num">{format.price(l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {receipt.totals.discount > 0 && (
        <p className="r-row">
          <span>{t('discount')}</span>
          <span>{t('minusAmount', { amount: format.price(receipt.totals.discount) })}</span>
        </p>
      )}
      <p className="r-row r-total">
        <span>{t('total')}</span>
        <span data-receipt-total>{format.price(receipt.totals.total)}</span>
      </p>
      <VatTable rows={receipt.totals.byVatRate} className="r-vat" />
      {receipt.tender !== undefined && <TenderRows tender={receipt.tender} />}
      {receipt.customer !== undefined && (
        <p className="r-customer" data-receipt-customer>
          {t(receipt.customer.walkIn ? 'walkInCustomer' : 'customer', {
            name: receipt.customer.name ?? t('companyNumber', { id: String(receipt.customer.companyId) }),
          })}
        </p>
      )}
      {receipt.pricedFrom === 'catalog' && <p className="r-note">{t('pricedFromCatalog')}</p>}
      <footer>{t('thankYou')}</footer>
    </article>
  );
}

/** The @page rule of the receipt being printed: a constructed style sheet (the app's CSP allows no
 * inline <style>), adopted by the document. */
let pageSheet: CSSStyleSheet | null = null;
function setPageSize(widthMm: number, heightMm: number): void {
  if (pageSheet === null) {
    pageSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
  }
  pageSheet.replaceSync(`@page { size: ${String(widthMm)}mm ${String(heightMm)}mm; margin: 0; }`);
}

/** The receipt to print, straight under <body>: the print CSS shows only it, on a page the paper's
 * width and the receipt's height. */
export function PrintCopy({ receipt, paper }: { receipt: ReceiptView; paper: Paper }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const px = ref.current?.scrollHeight ?? 0;
    // CSS px are 1/96 in; a few mm of margin below the last line.
    setPageSize(paper === '58mm' ? 58 : 80, px > 0 ? Math.ceil((px * 25.4) / 96) + 6 : 200);
  }, [receipt, paper]);
  return createPortal(
    <div className="print-root" ref={ref} data-print-paper={paper}>
      <Receipt receipt={receipt} paper={paper} />
    </div>,
    document.body,
  );
}
