// Settings: receipts. The printer's paper, 80 mm or 58 mm (the receipt's layout and the printed page's
// width); the seller's header every receipt carries (name, address, IČO, DIČ); and this till's receipt
// number prefix. The fields are checked here with the contract's own rules, so what is wrong is said
// beside its field in the cashier's language before anything is sent.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ReceiptPrefix,
  RegistrationNumber,
  Seller,
  VatNumber,
  type SettingsView,
} from '../../../contract/contract.ts';
import { message, useApp } from '../../store/app.ts';
import { setPaper, type Paper } from '../../store/receipt.ts';
import { saveSettings } from '../../store/settings.ts';
import { plainResult, type CardResult } from './card-result.ts';
import { Form } from '../Form.tsx';
import { CardNotice } from './CardNotice.tsx';
import { Card } from '../Card.tsx';
import { SaveButton } from './SettingsSave.tsx';

const PAPERS: readonly { id: Paper; mm: number }[] = [
  { id: '80mm', mm: 80 },
  { id: '58mm', mm: 58 },
];

export function ReceiptCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const paper = useApp((s) => s.settings?.receiptPaper ?? '80mm');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card title={t('receiptsTitle')} data-section="receipt">
      <fieldset className="paper-choice">
        <legend>{t('receiptPaper')}</legend>
        {PAPERS.map((p) => (
          <label key={p.id} className="check">
            <input
              type="radio"
              autoComplete="off"
              name="receipt-paper"
              value={p.id}
              checked={paper === p.id}
              onChange={() => void setPaper(p.id).then(setError)}
              data-paper-option={p.id}
            />{' '}
            {t('paperWidth', { mm: p.mm })}
          </label>
        ))}
      </fieldset>
      <p className="muted">{t('receiptPrintHelp')}</p>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <SellerForm settings={settings} />
    </Card>
  );
}

type Draft = SettingsView['seller'] & { receiptPrefix: string };
type FieldName = keyof Draft;

type WrongKey =
  | 'sellerNameWrong'
  | 'sellerAddressWrong'
  | 'sellerRegistrationWrong'
  | 'sellerVatWrong'
  | 'receiptPrefixWrong';

interface Check {
  readonly schema: { safeParse(value: string): { success: boolean } };
  /** What the cashier is told when the field does not pass. */
  readonly wrong: WrongKey;
}

/** Each field's own check: the contract's, so the core takes what passes here. */
const CHECKS: Record<FieldName, Check> = {
  name: { schema: Seller.shape.name, wrong: 'sellerNameWrong' },
  address: { schema: Seller.shape.address, wrong: 'sellerAddressWrong' },
  registrationNumber: { schema: RegistrationNumber, wrong: 'sellerRegistrationWrong' },
  vatNumber: { schema: VatNumber, wrong: 'sellerVatWrong' },
  receiptPrefix: { schema: ReceiptPrefix, wrong: 'receiptPrefixWrong' },
};

function wrongFields(draft: Draft): FieldName[] {
  return (Object.keys(CHECKS) as FieldName[]).filter((k) => !CHECKS[k].schema.safeParse(draft[k]).success);
}

function SellerForm({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<Draft>(() => ({
    ...settings.seller,
    receiptPrefix: settings.receiptPrefix,
  }));
  const [shown, setShown] = useState<FieldName[]>([]);
  const [result, setResult] = useState<CardResult | null>(null);
  const save = async () => {
    const wrong = wrongFields(draft);
    setShown(wrong);
    if (wrong.length > 0) {
      setResult({ tone: 'error', text: (t) => t('sellerNotSaved') });
      return;
    }
    const { receiptPrefix, ...seller } = draft;
    try {
      const saved = await saveSettings({ seller, receiptPrefix });
      setDraft({ ...saved.seller, receiptPrefix: saved.receiptPrefix });
      setResult({ tone: 'ok', text: (t) => t('saved') });
    } catch (e) {
      setResult(plainResult('error', message(e)));
    }
  };
  const field = (name: FieldName, label: string, input: ReactElement) => (
    <label className={shown.includes(name) ? 'field invalid' : 'field'} data-seller-field={name}>
      <span>{label}</span>
      {input}
      {shown.includes(name) && (
        <span className="field-error" role="alert" data-field-error={name}>
          {t(CHECKS[name].wrong)}
        </span>
      )}
    </label>
  );
  const text = (name: Exclude<FieldName, 'address'>, maxLength: number) => (
    <input
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      maxLength={maxLength}
      autoComplete="off"
      spellCheck={false}
      aria-invalid={shown.includes(name)}
      data-field={name}
    />
  );
  return (
    <Form className="seller-form" data-section="seller" onSubmit={() => void save()}>
      <h3>{t('sellerTitle')}</h3>
      <p className="muted">{t('sellerHelp')}</p>
      {field('name', t('sellerName'), text('name', 80))}
      {field(
        'address',
        t('sellerAddress'),
        <textarea
          value={draft.address}
          onChange={(e) => setDraft({ ...draft, address: e.target.value })}
          rows={3}
          maxLength={200}
          autoComplete="off"
          aria-invalid={shown.includes('address')}
          data-field="address"
        />,
      )}
      {field('registrationNumber', t('sellerRegistration'), text('registrationNumber', 12))}
      {field('vatNumber', t('sellerVat'), text('vatNumber', 20))}
      {field('receiptPrefix', t('receiptPrefix'), text('receiptPrefix', 8))}
      <p className="muted">{t('receiptPrefixHelp', { example: exampleNumber(draft.receiptPrefix) })}</p>
      <div className="actions">
        <SaveButton label={t('sellerSave')} data-action="save-seller" />
      </div>
      <CardNotice result={result} name="seller-notice" />
    </Form>
  );
}

/** How a receipt number looks with `prefix` (the core's receiptNumber: prefix, dash, six digits). */
function exampleNumber(prefix: string): string {
  const trimmed = prefix.trim();
  return trimmed === '' ? '000123' : `${trimmed}-000123`;
}
