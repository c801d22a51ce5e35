// Settings → Order history: how many days a settled order (sent, cancelled, discarded) keeps its lines
// after its last change. After that it keeps its reference, state, total and customer; orders that
// still wait or need a person are never touched. Saved with its button; the manager PIN guards it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { CountField, SaveRow, useSettingsSave } from './SettingsSave.tsx';
import { FormCard } from '../Form.tsx';

export function OrderHistoryCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [days, setDays] = useState(String(settings.orderRetentionDays));
  const { said, save } = useSettingsSave(t('saved'));
  const saveDays = async () => {
    // Digits only: Number() would take "1e3" as 1000. The core says what is out of range.
    const value = /^\d{1,5}$/.test(days.trim()) ? Number(days.trim()) : Number.NaN;
    const saved = await save({ orderRetentionDays: value });
    if (saved !== undefined) setDays(String(saved.orderRetentionDays));
  };
  return (
    <FormCard title={t('orderHistoryTitle')} data-section="order-history" onSubmit={() => void saveDays()}>
      <CountField
        label={t('orderRetentionDays')}
        value={days}
        onChange={setDays}
        field="orderRetentionDays"
      />
      <p className="muted">{t('orderRetentionHelp')}</p>
      <SaveRow label={t('save')} data-action="save-retention" said={said} />
    </FormCard>
  );
}
