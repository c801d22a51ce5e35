// A receipt as printed: store, time, lines, VAT, total, payment, customer, and the order's reference
// and state (a queued order's receipt says it is not confirmed yet). Two layouts, by paper width:
// 80 mm and 58 mm (receipt.css). `PrintCopy` puts the receipt to print straight into <body>, so the
// print CSS can hide the app and print only it, on a page as wide as the paper.
import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ReceiptView } from '../../preload/contract.ts';
import { VatTable } from '../components/VatTable.tsx';
import { formatMoney, formatQty } from '../format.ts';
import type { Paper } from '../store/receipt.ts';
import './receipt.css';

const CONFIRMED = new Set(['sent']);

export function stateLine(r: ReceiptView): { confirmed: boolean; text: string } {
  if (CONFIRMED.has(r.state))
    return { confirmed: true, text: `Order ${String(r.remoteId ?? '')} confirmed by the instance.` };
  if (r.state === 'cancelled' || r.state === 'discarded')
    return { confirmed: false, text: `Order ${r.state}: this receipt is void.` };
  return {
    confirmed: false,
    text: `NOT CONFIRMED YET: the order is ${r.state} and goes out by itself. Keep this reference.`,
  };
}

export function Receipt({ receipt, paper }: { receipt: ReceiptView; paper: Paper }) {
  const state = stateLine(receipt);
  const when = new Date(receipt.placedAt);
  return (
    <article
      className={`receipt paper-${paper}`}
      data-paper={paper}
      data-receipt={String(receipt.orderId)}
      data-receipt-state={receipt.state}
      aria-label="Receipt"
    >
      <header>
        <p className="r-store">{receipt.store ?? 'Counter'}</p>
        <p>{when.toLocaleString()}</p>
        <p
          className={state.confirmed ? 'r-state' : 'r-state r-unconfirmed'}
          data-receipt-confirmed={state.confirmed}
        >
          {state.text}
        </p>
        <p>
          Reference <span data-receipt-reference>{receipt.reference}</span>
        </p>
      </header>
      <table className="r-lines">
        <tbody>
          {receipt.lines.map((l, i) => (
            <tr key={i} data-receipt-line>
              <td>
                <div className="r-name">{l.name}</div>
                <div className="r-qty">
                  {formatQty(l.quantity)}
                  {l.unitOfMeasure === undefined ? '' : ` ${l.unitOfMeasure}`}
                  {l.unitPrice === undefined ? '' : ` × ${formatMoney(l.unitPrice)}`}
                  {l.discount > 0 ? ` (−${formatMoney(l.discount)})` : ''}
                  {` · ${String(l.vatRate)} %`}
                </div>
              </td>
              <td className="num">{formatMoney(l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {receipt.totals.discount > 0 && (
        <p className="r-row">
          <span>Discount</span>
          <span>−{formatMoney(receipt.totals.discount)}</span>
        </p>
      )}
      <p className="r-row r-total">
        <span>TOTAL</span>
        <span data-receipt-total>{formatMoney(receipt.totals.total)}</span>
      </p>
      <VatTable rows={receipt.totals.byVatRate} className="r-vat" />
      {receipt.tender !== undefined && (
        <div className="r-tender" data-receipt-tender={receipt.tender.method}>
          {receipt.tender.method === 'cash' ? (
            <>
              <p className="r-row">
                <span>Cash given</span>
                <span data-receipt-given>{formatMoney(receipt.tender.given)}</span>
              </p>
              <p className="r-row">
                <span>Change</span>
                <span data-receipt-change>{formatMoney(receipt.tender.change)}</span>
              </p>
            </>
          ) : (
            <p className="r-row">
              <span>Paid by card</span>
              <span>{formatMoney(receipt.tender.given)}</span>
            </p>
          )}
        </div>
      )}
      {receipt.customer !== undefined && (
        <p className="r-customer" data-receipt-customer>
          {receipt.customer.walkIn ? 'Walk-in customer' : 'Customer'}:{' '}
          {receipt.customer.name ?? `Company ${String(receipt.customer.companyId)}`}
        </p>
      )}
      {receipt.pricedFrom === 'catalog' && (
        <p className="r-note">
          From an order file: priced from the store's price list when this receipt was made.
        </p>
      )}
      <footer>Thank you</footer>
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
