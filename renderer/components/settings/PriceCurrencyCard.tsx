// Settings → Price currency: the ISO 4217 code prices are shown in; empty, the receivables' most
// common one in the cache (the core's answer, SettingsView.currency, says which is in effect).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';
import { plainResult, type CardResult } from './card-result.ts';
import { FormCard } from '../Form.tsx';
import { CardNotice } from './CardNotice.tsx';
import { SaveButton } from './SettingsSave.tsx';

export function PriceCurrencyCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [text, setText] = useState(settings.priceCurrency ?? '');
  const [result, setResult] = useState<CardResult | null>(null);
  const { currency, priceCurrency } = settings;
  const save = async () => {
    const code = text.trim().toUpperCase();
    try {
      const saved = await saveSettings({ priceCurrency: code === '' ? null : code });
      setText(saved.priceCurrency ?? '');
      setResult({ tone: 'ok', text: (t) => t('saved') });
    } catch (e) {
      setResult(plainResult('error', message(e)));
    }
  };
  return (
    <FormCard title={t('currencyTitle')} data-section="price-currency" onSubmit={() => void save()}>
      <p data-currency-in-effect={currency ?? ''} data-currency-set={String(priceCurrency !== null)}>
        {currency === null
          ? t('currencyInEffectNone')
          : priceCurrency !== null
            ? t('currencyInEffectSet', { currency })
            : t('currencyInEffectLearnt', { currency })}
      </p>
      <label className="field">
        <span>{t('currencyLabel')}</span>
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={3}
          autoComplete="off"
          spellCheck={false}
          data-field="priceCurrency"
        />
      </label>
      <div className="actions">
        <SaveButton label={t('currencySave')} data-action="save-price-currency" />
      </div>
      <CardNotice result={result} name="currency-notice" />
    </FormCard>
  );
}
