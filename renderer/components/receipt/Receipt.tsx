// A receipt as printed: the seller (name, address, IČO, DIČ), the till's receipt number, time, "COPY"
// on any print after the first, lines, VAT, total, payment, the card's customer, and the order's
// reference small at the bottom for look-ups. Whether the order reached the instance is the cashier's
// business, shown on screen only; a void (cancelled, discarded) order's receipt says so in print.
// Two layouts, by paper width: 80 mm and 58 mm (receipt.css). `PrintCopy` puts the receipt to print straight into <body>, so the
// print CSS can hide the app and print only it, on a page as wide as the paper.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ReceiptView } from '../../../contract/contract.ts';
import { PaperVatTable } from './PaperVatTable.tsx';
import { useFormat, type Formatters } from '../use-format.ts';
import type { Paper } from '../../store/receipt.ts';
import { bookedAgreement, stateLine } from '../../words/receipt.ts';
import { TenderRows } from './TenderRows.tsx';
import { keepUnitsTogether } from './together.ts';
import './receipt.css';

const NBSP = '\u00a0';

export function Receipt({ receipt, paper }: { receipt: ReceiptView; paper: Paper }) {
  const { t } = useTranslation('receipt');
  const format = useFormat();
  const state = stateLine(receipt, t, (amount) => format.price(amount));
  const copy = receipt.printCount > 0;
  return (
    <article
      className={`receipt paper-${paper}`}
      data-paper={paper}
      data-receipt={String(receipt.orderId)}
      data-receipt-state={receipt.state}
      data-receipt-copy={copy}
      aria-label={t('receipt')}
    >
      <header>
        <SellerHeader receipt={receipt} />
        {receipt.number !== undefined && (
          <p className="r-number">
            {t('receiptNumber')} <span data-receipt-number>{receipt.number}</span>
          </p>
        )}
        <p>{format.dateTime(receipt.placedAt)}</p>
        {copy && (
          <p className="r-copy" data-receipt-copy-mark>
            {t('copy')}
          </p>
        )}
        <p
          className={state.printed ? 'r-state r-unconfirmed' : 'r-state r-screen-only'}
          data-receipt-confirmed={state.confirmed}
          data-receipt-booked={receipt.state === 'sent' ? bookedAgreement(receipt) : undefined}
        >
          {state.text}
        </p>
      </header>
      <table className="r-lines">
        <tbody>
          {receipt.lines.map((l, i) => (
            <tr key={i} data-receipt-line>
              <td>
                <div className="r-name">{keepUnitsTogether(l.name)}</div>
                <div className="r-qty">{lineParts(l, t, format)}</div>
              </td>
              <td className="num">{format.price(l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {receipt.compacted !== undefined && (
        <p className="r-compacted" data-receipt-compacted>
          {t('linesRemoved', { count: receipt.compacted.lineCount })}
        </p>
      )}
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
      <PaperVatTable rows={receipt.totals.byVatRate} paper={paper} />
      {receipt.tender !== undefined && <TenderRows tender={receipt.tender} />}
      {/* A walk-in sale went to the store's own stand-in customer: nothing of it is the buyer's. */}
      {receipt.customer !== undefined && !receipt.customer.walkIn && receipt.customer.name !== undefined && (
        <p className="r-customer" data-receipt-customer>
          {t('customer', { name: receipt.customer.name })}
        </p>
      )}
      {receipt.pricedFrom === 'catalog' && <p className="r-note">{t('pricedFromCatalog')}</p>}
      {receipt.exchange !== undefined && (
        <p className="r-note" data-receipt-exchange>
          {t('saleExchange', {
            number: receipt.exchange.number,
            credit: format.price(receipt.exchange.credit),
          })}
        </p>
      )}
      <footer>
        <p>{t('thankYou')}</p>
        <p className="r-reference">
          {t('reference')} <span data-receipt-reference>{receipt.reference}</span>
        </p>
      </footer>
    </article>
  );
}

/**
 * Who sold: the seller's name, address, IČO and DIČ as Settings name them, the store (warehouse)
 * below; without a seller named, the store's name heads the receipt as before.
 */
function SellerHeader({ receipt }: { receipt: ReceiptView }) {
  const { t } = useTranslation('receipt');
  const seller = receipt.seller;
  const store = receipt.store ?? t('storeDefault');
  if (seller === undefined) return <p className="r-store">{store}</p>;
  return (
    <div className="r-seller" data-receipt-seller>
      {seller.name !== '' && <p className="r-store">{seller.name}</p>}
      {seller.address !== '' &&
        seller.address.split('\n').map((line, i) => (
          <p key={i} className="r-address">
            {line}
          </p>
        ))}
      {seller.registrationNumber !== '' && (
        <p data-receipt-ico>{t('sellerRegistration', { value: seller.registrationNumber })}</p>
      )}
      {seller.vatNumber !== '' && <p data-receipt-dic>{t('sellerVat', { value: seller.vatNumber })}</p>}
      {receipt.store !== undefined && <p className="r-premises">{t('premises', { name: store })}</p>}
    </div>
  );
}

/**
 * A line's quantity, unit price, discount and VAT rate: groups that may part between them, never
 * inside one ("2 ks", "× 39,90 Kč"), each number kept with its unit.
 */
function lineParts(line: ReceiptView['lines'][number], t: TFunction<'receipt'>, format: Formatters) {
  const parts = [
    [format.qty(line.quantity), line.unitOfMeasure].filter((p) => p !== undefined).join(NBSP),
    line.unitPrice === undefined
      ? undefined
      : t('lineUnitPrice', { price: format.unitPrice(line.unitPrice) }),
    line.discount > 0 ? t('lineDiscount', { amount: format.price(line.discount) }) : undefined,
    t('linePercent', { value: line.vatRate }),
  ].filter((part) => part !== undefined);
  return parts.map((part, i) => (
    <span key={i} className="r-nb" data-receipt-part>
      {i > 0 ? ' ' : ''}
      {keepUnitsTogether(part)}
    </span>
  ));
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
  return (
    <PaperCopy paper={paper} content={receipt}>
      <Receipt receipt={receipt} paper={paper} />
    </PaperCopy>
  );
}

/**
 * Whatever is to print on the receipt printer's paper (a receipt, a shift's report), straight under
 * <body> where the print CSS shows only it, on a page the paper's width and the content's height.
 * `content`: what it shows, so the page is measured again when that changes.
 */
export function PaperCopy({
  paper,
  content,
  children,
}: {
  paper: Paper;
  content: unknown;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const measure = (): void => {
      const px = el?.scrollHeight ?? 0;
      // CSS px are 1/96 in; a few mm of margin below the last line.
      setPageSize(paper === '58mm' ? 58 : 80, px > 0 ? Math.ceil((px * 25.4) / 96) + 6 : 200);
    };
    measure();
    if (el === null) return;
    // Measured again when the copy's height changes after its first layout (a VAT table that did not
    // fit its paper laid out a rate at a time): the page is never shorter than what it prints.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [content, paper]);
  return createPortal(
    <div className="print-root" ref={ref} data-print-paper={paper}>
      {children}
    </div>,
    document.body,
  );
}
