// What a line's own discount or price override says on the Sale screen: what was set, by whom and
// when, and what it takes off; and the unit price the line is charged at (the original struck).
import { useWords } from '../../i18n/kept-words.ts';
import type { SessionLineView } from '../../../contract/contract.ts';
import { useFormat } from '../use-format.ts';

type Adjustment = NonNullable<SessionLineView['adjustment']>;

export function AdjustmentNote({ adjustment, unitPrice }: { adjustment: Adjustment; unitPrice: number }) {
  const t = useWords('sale');
  const format = useFormat();
  const who = t(adjustment.by === 'manager' ? 'adjustByManager' : 'adjustByTill', {
    time: format.time(adjustment.at),
  });
  const amount = format.price(adjustment.amount);
  const text =
    adjustment.kind === 'percent'
      ? t('adjustNotePercent', { percent: adjustment.value, amount, who })
      : t('adjustNotePrice', {
          price: format.price(adjustment.value),
          original: format.unitPrice(unitPrice),
          amount,
          who,
        });
  return (
    <div className="line-adjustment" data-line-adjustment={adjustment.kind}>
      {text}
    </div>
  );
}

/**
 * The unit price a line is charged at: an override's, the original struck above it (one above the
 * other, so the price column keeps the width of one price and the names their room).
 */
export function ChargedPrice({ line }: { line: SessionLineView }) {
  const format = useFormat();
  if (line.adjustment?.kind !== 'price') return <>{format.unitPrice(line.unitPrice)}</>;
  return (
    <>
      <s className="muted was-price">{format.unitPrice(line.unitPrice)}</s>
      <span data-charged>{format.price(line.adjustment.value)}</span>
    </>
  );
}
