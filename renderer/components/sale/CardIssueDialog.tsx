// A new loyalty card from the stack (Ctrl+K, or "Vydat kartu" on the customer panel): the company,
// the card's code (a scan fills it, whichever field has focus; or typed), the name, the last valid
// day, and an optional authorised person. Enter (a person's) or the button issues it; Esc goes back.
// Each refusal stands under its own field. Keys: actions/keymap.ts; actions: store/card-issue.ts.
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  closeCardIssue,
  confirmCardIssue,
  pickCardCompany,
  searchCardCompany,
  setCardField,
  useCardIssue,
  type CardField,
} from '../../store/card-issue.ts';
import { useDialogFocus } from '../dialog.ts';
import { DialogActions } from '../DialogActions.tsx';
import { Modal } from '../Modal.tsx';
import './card-issue.css';

/** What each field's input is: the browser's date picker for the last day, the phone's keypads. */
const INPUT_TYPES: Record<Exclude<CardField, 'companyId'>, string> = {
  barcode: 'text',
  name: 'text',
  // Text in the language's digits ("28. 11. 2028"): a date input speaks the browser's own language.
  validTo: 'text',
  personName: 'text',
  email: 'email',
  phone: 'tel',
};

export function CardIssueDialog() {
  const open = useCardIssue((s) => s.open);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('cards');
  const ui = useCardIssue();
  const barcode = useRef<HTMLInputElement>(null);
  useDialogFocus(barcode);
  const text = (field: Exclude<CardField, 'companyId'>, label: string) => (
    <Field field={field} label={label} errors={ui.errors[field]}>
      <input
        value={ui[field]}
        type={INPUT_TYPES[field]}
        autoComplete="off"
        aria-invalid={(ui.errors[field]?.length ?? 0) > 0}
        onChange={(e) => setCardField(field, e.target.value)}
        data-field={`card-${field}`}
      />
    </Field>
  );
  return (
    <Modal title={t('title')} titleId="card-issue-title" className="card-issue" testId="card-issue">
      <p className="muted small">{t('intro')}</p>
      {ui.emptyCardStored && (
        <p className="notice warn" role="status" data-empty-card-stored>
          {t('emptyCardStored')}
        </p>
      )}
      <div className="card-issue-grid">
        <Company />
        <Field field="barcode" label={t('barcode')} errors={ui.errors.barcode} wide>
          <span className="card-barcode">
            <input
              ref={barcode}
              value={ui.barcode}
              autoComplete="off"
              placeholder={t('barcodeHint')}
              aria-invalid={(ui.errors.barcode?.length ?? 0) > 0}
              onChange={(e) => setCardField('barcode', e.target.value)}
              data-field="card-barcode"
              data-scanned={ui.scanned}
            />
            {ui.scanned && <span className="scanned-mark">{t('barcodeScanned')}</span>}
          </span>
        </Field>
        {text('name', t('name'))}
        {text('validTo', t('validTo'))}
        <fieldset className="card-person">
          <legend>{t('person')}</legend>
          {text('personName', t('personName'))}
          {text('email', t('email'))}
          {text('phone', t('phone'))}
        </fieldset>
      </div>
      {ui.error !== null && (
        <p className="notice error" role="alert" data-card-error>
          {ui.error}
        </p>
      )}
      <DialogActions
        primary={{
          label: ui.busy ? t('issuing') : t('issue'),
          keyName: 'Enter',
          disabled: ui.busy,
          onClick: () => void confirmCardIssue(),
          action: 'issue-card',
        }}
        back={{
          label: t('back'),
          keyName: 'Esc',
          disabled: ui.busy,
          onClick: closeCardIssue,
          action: 'cancel-card',
        }}
      />
    </Modal>
  );
}

/** The company the card goes to (Settings' by default), and the offline search for another. */
function Company() {
  const { t } = useTranslation('cards');
  const { company, companyText, matches, errors } = useCardIssue();
  return (
    <Field field="companyId" label={t('company')} errors={errors.companyId} wide>
      <span className="card-company" data-card-company={company?.companyId ?? ''}>
        {company === null ? (
          <span className="muted">{t('companyNone')}</span>
        ) : (
          <strong>
            {company.name ?? t('companyNoName')} <span className="muted">#{company.companyId}</span>
          </strong>
        )}
      </span>
      <input
        value={companyText}
        autoComplete="off"
        placeholder={t('companyFind')}
        aria-label={t('companyFind')}
        onChange={(e) => void searchCardCompany(e.target.value)}
        data-field="cardCompanySearch"
      />
      {companyText.trim() !== '' && matches.length === 0 && (
        <span className="muted small">{t('companyNoMatch')}</span>
      )}
      {matches.length > 0 && (
        <ul className="company-matches">
          {matches.map((c) => (
            <li key={c.companyId}>
              <button type="button" data-company-match={c.companyId} onClick={() => pickCardCompany(c)}>
                {c.name ?? t('companyNoName')} <span className="muted">#{c.companyId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}

function Field({
  field,
  label,
  errors,
  wide,
  children,
}: {
  field: CardField;
  label: string;
  errors: readonly string[] | undefined;
  /** Across both columns. */
  wide?: boolean;
  children: ReactNode;
}) {
  const own = errors ?? [];
  const classes = ['field', own.length > 0 ? 'invalid' : '', wide === true ? 'wide' : ''].filter(Boolean);
  return (
    // A div, not a label: the company's field holds buttons (its matches) besides its input.
    <div className={classes.join(' ')} data-field-name={field}>
      <span>{label}</span>
      {children}
      {own.length > 0 && (
        <span className="field-error" data-field-error={field}>
          {own.join(' ')}
        </span>
      )}
    </div>
  );
}
