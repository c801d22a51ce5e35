// The frame of a needs-fix form on the Orders screen, shared by an order's and a card's: each field with
// the instance's refusal beside it, the refusals of fields the form has not under their own names, and
// "send again" / "discard".
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '../../../contract/contract.ts';
import { discardOrder } from '../../store/orders.ts';
import { Form } from '../Form.tsx';

type Errors = Readonly<Record<string, readonly string[]>>;

export function FixForm({
  entry,
  errors,
  fields,
  onSubmit,
  children,
}: {
  entry: OutboxEntryView;
  errors: Errors;
  /** The names of the fields the form shows: their errors stand beside them, not in the list below. */
  fields: ReadonlySet<string>;
  /** The form sent: the caller checks what was typed and sends it again. */
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('orders');
  const other = Object.entries(errors).filter(([k]) => !fields.has(k));
  return (
    <Form className="fix-form" data-fix={String(entry.id)} onSubmit={() => onSubmit()}>
      {children}
      {other.length > 0 && (
        <ul className="field-errors">
          {other.map(([k, v]) => (
            <li key={k}>
              {k}: {v.join(' ')}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="submit" className="primary" data-action="resend">
          {t('resend')}
        </button>
        <button type="button" onClick={() => void discardOrder(entry.id)}>
          {t('discard')}
        </button>
      </div>
    </Form>
  );
}

/** One field of a fix form, with the instance's words about it (and the cache's name for an id). */
export function FixField({
  label,
  name,
  errors,
  known,
  children,
}: {
  label: string;
  name: string;
  /** The order's field errors, by field name: this field shows its own (the instance's words). */
  errors: Errors;
  /** The cache's name for the id typed (null: none known); absent for a field that is no id. */
  known?: string | null;
  children: ReactNode;
}) {
  const own = errors[name] ?? [];
  const { t } = useTranslation('orders');
  return (
    <label className={own.length > 0 ? 'field invalid' : 'field'} data-field-name={name}>
      <span>{label}</span>
      {known !== undefined && (
        <span className={known === null ? 'known muted' : 'known'} data-known={name}>
          {known ?? t('nameNotKnown')}
        </span>
      )}
      {children}
      {own.map((e) => (
        <span className="field-error" key={e} data-field-error={name}>
          {e}
        </span>
      ))}
    </label>
  );
}
