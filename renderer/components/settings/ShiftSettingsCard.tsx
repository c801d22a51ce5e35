// Settings → Shift and cash: whether a sale needs an open shift, the difference at close a cashier may
// leave without the manager PIN, and what cash totals round to (cards never). Saved at once; the
// manager PIN guards it like every setting.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashRounding, SettingsView } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';
import { loadShift } from '../../store/shift.ts';
import { parseAmount } from '../../store/tender.ts';
import { AmountField } from '../TextField.tsx';
import { CheckField } from '../CheckField.tsx';
import { Form } from '../Form.tsx';
import { Card } from '../Card.tsx';

const ROUNDINGS: readonly CashRounding[] = ['currency', 'none', '0.05', '0.10', '0.50', '1'];

export function ShiftSettingsCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('shift');
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState(String(settings.cashDifferenceLimit));
  const save = async (patch: Parameters<typeof saveSettings>[0]) => {
    try {
      await saveSettings(patch);
      setError(null);
      // Whether F9 asks for the float follows at once.
      if (patch.shiftRequired !== undefined) await loadShift();
    } catch (e) {
      setError(message(e));
    }
  };
  const saveLimit = () => {
    const amount = parseAmount(limit === '' ? '0' : limit);
    if (amount === undefined || Number.isNaN(amount)) {
      setError(t('notAmount', { text: limit }));
      return;
    }
    void save({ cashDifferenceLimit: amount });
  };
  return (
    <Card title={t('settingsTitle')} data-section="shift-settings">
      <CheckField
        label={t('shiftRequiredLabel')}
        checked={settings.shiftRequired}
        set={(on) => void save({ shiftRequired: on })}
        name="shiftRequired"
      />
      <Form onSubmit={() => saveLimit()}>
        <AmountField
          label={t('differenceLimitLabel')}
          value={limit}
          set={setLimit}
          name="cashDifferenceLimit"
        />
        <button type="submit" data-action="save-difference-limit">
          {t('differenceLimitSave')}
        </button>
      </Form>
      <label className="field">
        <span>{t('cashRoundingLabel')}</span>
        <select
          value={settings.cashRounding}
          onChange={(e) => {
            const chosen = ROUNDINGS.find((r) => r === e.target.value);
            if (chosen !== undefined) void save({ cashRounding: chosen });
          }}
          data-field="cashRounding"
        >
          {ROUNDINGS.map((r) => (
            <option key={r} value={r}>
              {t(`rounding_${r}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">{t('settingsHelp')}</p>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
