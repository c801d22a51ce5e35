// The VAT breakdown of a sale or a receipt: one row a rate, with its base, VAT and gross.
import type { ReceiptView } from '../../preload/contract.ts';
import { formatMoney } from '../format.ts';

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
  return (
    <table className={className}>
      <thead>
        <tr>
          <th>VAT</th>
          <th className="num">Base</th>
          <th className="num">VAT</th>
          <th className="num">Gross</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => (
          <tr key={t.vatRate} data-vat-rate={markRows ? t.vatRate : undefined}>
            <td>{t.vatRate} %</td>
            <td className="num">{formatMoney(t.base)}</td>
            <td className="num">{formatMoney(t.vat)}</td>
            <td className="num">{formatMoney(t.gross)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
