// The VAT breakdown on a receipt's paper (a receipt, a shift's report): the table while its four
// columns fit the paper, else each rate on a line with its base, VAT and gross a line each below it,
// as the receipt printer prints them (main/printer/paper.ts). Millions do not fit four columns of
// 58 mm paper, and a cell never breaks inside a number: measured, not guessed from digits, since the
// paper's font decides.
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptView } from '../../../contract/contract.ts';
import type { Paper } from '../../store/receipt.ts';
import { useFormat } from '../use-format.ts';
import { VatTable } from '../VatTable.tsx';

type VatTotal = ReceiptView['totals']['byVatRate'][number];

export function PaperVatTable({ rows, paper }: { rows: readonly VatTotal[]; paper: Paper }) {
  const ref = useRef<HTMLDivElement>(null);
  // Which rows on which paper were found too wide: another sale or paper is measured again.
  const [tooWide, setTooWide] = useState<{ rows: readonly VatTotal[]; paper: Paper } | null>(null);
  const stacked = tooWide?.rows === rows && tooWide.paper === paper;
  useLayoutEffect(() => {
    const box = ref.current;
    const table = box?.querySelector('table');
    if (stacked || box == null || table == null) return;
    if (table.getBoundingClientRect().width > box.clientWidth + 0.5) setTooWide({ rows, paper });
  }, [rows, paper, stacked]);
  if (rows.length === 0) return null;
  return (
    <div ref={ref} className="r-vat" data-vat-layout={stacked ? 'stacked' : 'table'}>
      {stacked ? <Stacked rows={rows} /> : <VatTable rows={rows} />}
    </div>
  );
}

function Stacked({ rows }: { rows: readonly VatTotal[] }) {
  const { t } = useTranslation('sale');
  const format = useFormat();
  const amount = (label: string, n: number) => (
    <p className="r-row r-qty">
      <span>{label}</span>
      <span className="num">{format.money(n)}</span>
    </p>
  );
  return rows.map((r) => (
    <div key={r.vatRate} className="r-vat-rate">
      <p>
        {t('vatRate')} {t('percent', { value: r.vatRate })}
      </p>
      {amount(t('vatBase'), r.base)}
      {amount(t('vatAmount'), r.vat)}
      {amount(t('vatGross'), r.gross)}
    </div>
  ));
}
