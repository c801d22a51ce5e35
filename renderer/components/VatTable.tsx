// The VAT breakdown of a sale or a receipt: one row a rate, with its base, VAT and gross. The amounts
// are plain numbers: the total beside the table names the currency, and a symbol in every cell would
// not fit a narrow column (or 58 mm paper).
import type { ReceiptView } from '../../contract/contract.ts';
import { useWords } from '../i18n/kept-words.ts';
import { useFormat } from './use-format.ts';

type VatTotal = ReceiptView['totals']['byVatRate'][number];

/** `markRows` puts data-vat-rate on each row (the Sale screen's totals; the receipt's rows have none). */
export function VatTable({
  rows,
  className,
  markRows = false,
}: {
  rows: readonly VatTotal[];
  className?: string;
  markRows?: boolean;
}) {
  const t = useWords('sale');
  const format = useFormat();
  return (
    <table className={className}>
      <thead>
        <tr>
          <th>{t('vatRate')}</th>
          <th className="num">{t('vatBase')}</th>
          <th className="num">{t('vatAmount')}</th>
          <th className="num vat-gross">{t('vatGross')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.vatRate} data-vat-rate={markRows ? r.vatRate : undefined}>
            <td>{t('percent', { value: r.vatRate })}</td>
            <td className="num">{format.money(r.base)}</td>
            <td className="num">{format.money(r.vat)}</td>
            <td className="num vat-gross">{format.money(r.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
