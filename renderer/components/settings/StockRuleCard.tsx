// Settings → Stock at the counter: what a scan of an inactive item, one out of stock, or more of it
// than the warehouse has (as of the last sync) does: the cashier is asked (Enter sells anyway, Esc
// does not), or the line is refused. Saved at once; the manager PIN guards it like every setting.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView, StockRule } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';

const RULES: readonly StockRule[] = ['warn', 'block'];

export function StockRuleCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [error, setError] = useState<string | null>(null);
  // The choice shows checked while it is saved (and the manager PIN asked for, when one is set).
  const [chosen, setChosen] = useState<StockRule | null>(null);
  const choose = async (stockRule: StockRule) => {
    setChosen(stockRule);
    try {
      await saveSettings({ stockRule });
      setError(null);
    } catch (e) {
      setError(message(e));
    } finally {
      setChosen(null);
    }
  };
  return (
    <div className="card" data-section="stock-rule">
      <h2>{t('stockRuleTitle')}</h2>
      <fieldset className="stock-rule-choice">
        <legend>{t('stockRuleLegend')}</legend>
        {RULES.map((rule) => (
          <label key={rule} className="check">
            <input
              type="radio"
              name="stock-rule"
              value={rule}
              checked={(chosen ?? settings.stockRule) === rule}
              onChange={() => void choose(rule)}
              data-stock-rule-option={rule}
            />{' '}
            {rule === 'warn' ? t('stockRuleWarn') : t('stockRuleBlock')}
          </label>
        ))}
      </fieldset>
      <p className="muted">{t('stockRuleHelp')}</p>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
