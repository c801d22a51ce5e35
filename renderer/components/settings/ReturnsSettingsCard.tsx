// Settings → Returns: the limits beyond which a return needs the manager PIN (issue 37, point 3): a
// refund above an amount, or a sale older than a number of days; 0 is no limit. Saved together; the
// manager PIN guards it like every setting.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';
import { parseAmount } from '../../store/tender.ts';
import { TextField } from '../TextField.tsx';
import { CountField } from './SettingsSave.tsx';
import { Form } from '../Form.tsx';
import { Card } from '../Card.tsx';

const MAX_DAYS = 3650;

export function ReturnsSettingsCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('returns');
  const [amount, setAmount] = useState(String(settings.returnAmountLimit));
  const [days, setDays] = useState(String(settings.returnDaysLimit));
  const [said, setSaid] = useState<{ error: boolean; text: string } | null>(null);
  const save = async () => {
    const limit = parseAmount(amount.trim() === '' ? '0' : amount);
    if (limit === undefined || Number.isNaN(limit)) {
      setSaid({ error: true, text: t('notAmount', { text: amount }) });
      return;
    }
    const dayCount = days.trim() === '' ? 0 : Number(days.trim());
    if (!Number.isInteger(dayCount) || dayCount < 0 || dayCount > MAX_DAYS) {
      setSaid({ error: true, text: t('notDays', { text: days }) });
      return;
    }
    try {
      await saveSettings({ returnAmountLimit: limit, returnDaysLimit: dayCount });
      setSaid({ error: false, text: t('limitsSaved') });
    } catch (e) {
      setSaid({ error: true, text: message(e) });
    }
  };
  return (
    <Card title={t('settingsTitle')} data-section="returns-settings">
      <Form onSubmit={() => void save()}>
        <TextField
          label={t('amountLimitLabel')}
          value={amount}
          set={setAmount}
          name="returnAmountLimit"
          inputMode="decimal"
        />
        <CountField label={t('daysLimitLabel')} value={days} onChange={setDays} field="returnDaysLimit" />
        <button type="submit" data-action="save-return-limits">
          {t('limitsSave')}
        </button>
      </Form>
      {said !== null && (
        <p className={said.error ? 'notice error' : 'notice'} role={said.error ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </Card>
  );
}
