// A return without a receipt on the Returns screen (issue 37, point 3; store/no-receipt.ts): the
// products scanned or found by code or name, the quantity and the price each comes back at (empty:
// the price list's, shown greyed), the core's plan of the refund in cash before anything is stored,
// and the manager's words (every product and its price) the PIN will confirm.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReturnWithoutReceiptPlanView } from '../../contract/contract.ts';
import { useFormat } from '../components/use-format.ts';
import { spoken } from '../i18n/spoken.ts';
import {
  addTyped,
  pickGoods,
  removeGoods,
  setGoodsPrice,
  setGoodsQuantity,
  setNoReceiptText,
  useNoReceipt,
  type GoodsLine,
} from '../store/no-receipt.ts';
import { makeReturnOnScreen, toggleNoReceipt } from '../store/returns.ts';
import { ActionButton } from '../components/DialogActions.tsx';
import { Form } from '../components/Form.tsx';

export function NoReceipt() {
  const { t } = useTranslation('returns');
  const text = useNoReceipt((s) => s.text);
  const found = useNoReceipt((s) => s.found);
  const error = useNoReceipt((s) => s.error);
  return (
    <div className="return-no-receipt" data-testid="return-no-receipt">
      <h2>{t('noReceiptTitle')}</h2>
      <p className="muted">{t('noReceiptHint')}</p>
      <Form className="returns-find" onSubmit={() => void addTyped()}>
        <label>
          <span>{t('noReceiptFind')}</span>
          <input
            value={text}
            onChange={(e) => setNoReceiptText(e.target.value)}
            data-field="no-receipt-find"
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <button type="submit">{t('noReceiptAdd')}</button>
        <button type="button" onClick={() => toggleNoReceipt()} data-action="no-receipt-cancel">
          {t('noReceiptCancel')} <kbd>F6</kbd>
        </button>
      </Form>
      {found.length > 0 && (
        <ul className="no-receipt-found" data-testid="no-receipt-found">
          {found.map((g) => (
            <li key={g.productId}>
              <button
                type="button"
                className="link"
                onClick={() => void pickGoods(g.productId)}
                data-pick={g.productId}
              >
                {g.name}
                {g.code === undefined ? '' : ` · ${g.code}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error !== null && (
        <p className="notice error" role="alert" data-testid="no-receipt-error">
          {error}
        </p>
      )}
      <GoodsLines />
    </div>
  );
}

function GoodsLines() {
  const { t } = useTranslation('returns');
  const f = useFormat();
  const lines = useNoReceipt((s) => s.lines);
  const plan = useNoReceipt((s) => s.plan);
  if (lines.length === 0) return <p className="muted">{t('noReceiptEmpty')}</p>;
  return (
    <>
      <table className="return-lines">
        <thead>
          <tr>
            <th>{t('colItem')}</th>
            <th className="num">{t('colQuantity')}</th>
            <th className="num">{t('colUnitPrice')}</th>
            <th className="num">{t('colRefund')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.map((l, index) => {
            // The plan answers line by line in the order sent; a line it has not answered yet shows its code.
            const planned = plan?.lines[index];
            const name = planned?.name ?? ('barcode' in l.by ? l.by.barcode : String(l.by.productId));
            return (
              <tr key={l.key} data-goods={index}>
                <td>
                  {name}
                  {planned?.code === undefined ? null : <span className="muted"> · {planned.code}</span>}
                </td>
                <FigureCell figure="quantity" line={l} name={name} index={index}>
                  {planned?.unit === undefined ? '' : ` ${planned.unit}`}
                </FigureCell>
                <FigureCell
                  figure="price"
                  line={l}
                  name={name}
                  index={index}
                  placeholder={planned === undefined ? '' : f.price(planned.unitPrice)}
                />
                <td className="num" data-goods-refund={index}>
                  {planned === undefined ? '' : f.price(planned.refund)}
                </td>
                <td>
                  <button
                    type="button"
                    className="link"
                    onClick={() => void removeGoods(l.key)}
                    data-action="remove-goods"
                  >
                    {t('remove')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {plan !== null && <NoReceiptRefund plan={plan} />}
    </>
  );
}

/** What each typed figure of a line is: its column's word, its setter, its mark for the e2e tests. */
const FIGURES = {
  quantity: { column: 'colQuantity', set: setGoodsQuantity, mark: 'data-goods-qty' },
  price: { column: 'colUnitPrice', set: setGoodsPrice, mark: 'data-goods-price' },
} as const;

/** A line's quantity or price back as typed, named for a screen reader by its column and product. */
function FigureCell(props: {
  figure: keyof typeof FIGURES;
  line: GoodsLine;
  name: string;
  index: number;
  placeholder?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('returns');
  const { column, set, mark } = FIGURES[props.figure];
  return (
    <td className="num back">
      <input
        inputMode="decimal"
        autoComplete="off"
        value={props.line[props.figure]}
        onChange={(e) => void set(props.line.key, e.target.value)}
        aria-label={`${t(column)}: ${props.name}`}
        placeholder={props.placeholder}
        {...{ [mark]: props.index }}
      />
      {props.children}
    </td>
  );
}

function NoReceiptRefund({ plan }: { plan: ReturnWithoutReceiptPlanView }) {
  const { t } = useTranslation('returns');
  const f = useFormat();
  const busy = useNoReceipt((s) => s.busy);
  return (
    <div className="return-refund" data-testid="no-receipt-refund">
      <dl>
        <dt>{t('refundTotal')}</dt>
        <dd data-refund="total">{f.price(plan.total)}</dd>
        <dt>{t('refundCash')}</dt>
        <dd data-refund="cash">{f.price(plan.cash)}</dd>
        {plan.cashRounding !== 0 && (
          <>
            <dt>{t('refundRounding')}</dt>
            <dd data-refund="rounding">{f.signedPrice(plan.cashRounding)}</dd>
          </>
        )}
      </dl>
      {/* The manager's words in full (each product and its price) are in the PIN dialog F9 opens. */}
      <p className="notice warn" data-testid="return-needs-manager" title={spoken(plan.approval, '')}>
        {t('noReceiptManager')}
      </p>
      <ActionButton
        primary
        button={{
          label: t('noReceiptMake'),
          onClick: () => void makeReturnOnScreen(),
          action: 'make-no-receipt',
          disabled: busy,
          keyName: 'F9',
        }}
      />
    </div>
  );
}
