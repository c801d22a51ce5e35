// Settings → Order history: how many days a settled order (sent, cancelled, discarded) keeps its lines
// after its last change. After that it keeps its reference, state, total and customer; orders that
// still wait or need a person are never touched. Saved with its button; the manager PIN guards it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';

export function OrderHistoryCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [days, setDays] = useState(String(settings.orderRetentionDays));
  const [said, setSaid] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const save = async () => {
    try {
      // Digits only: Number() would take "1e3" as 1000. The core says what is out of range.
      const value = /^\d{1,5}$/.test(days.trim()) ? Number(days.trim()) : Number.NaN;
      const saved = await saveSettings({ orderRetentionDays: value });
      setDays(String(saved.orderRetentionDays));
      setSaid({ tone: 'ok', text: t('saved') });
    } catch (e) {
      setSaid({ tone: 'error', text: message(e) });
    }
  };
  return (
    <form
      className="card"
      data-section="order-history"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>{t('orderHistoryTitle')}</h2>
      <label className="field">
        <span>{t('orderRetentionDays')}</span>
        <input
          value={days}
          inputMode="numeric"
          onChange={(e) => setDays(e.target.value)}
          data-field="orderRetentionDays"
        />
      </label>
      <p className="muted">{t('orderRetentionHelp')}</p>
      <div className="actions">
        <button type="submit" className="primary" data-action="save-retention">
          {t('save')}
        </button>
      </div>
      {said !== null && (
        <p className={`notice ${said.tone}`} role={said.tone === 'error' ? 'alert' : 'status'}>
          {said.text}
        </p>
      )}
    </form>
  );
}
