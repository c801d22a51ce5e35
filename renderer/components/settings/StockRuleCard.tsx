// Settings → Stock at the counter: what a scan of an inactive item, one out of stock, or more of it
// than the warehouse has (as of the last sync) does: the cashier is asked (Enter sells anyway, Esc
// does not), or the line is refused. Saved at once; the manager PIN guards it like every setting.
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { ChoiceCard } from './ChoiceCard.tsx';

export function StockRuleCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  return (
    <ChoiceCard
      section="stock-rule"
      title={t('stockRuleTitle')}
      legend={t('stockRuleLegend')}
      help={t('stockRuleHelp')}
      choices={[
        { value: 'warn', label: t('stockRuleWarn') },
        { value: 'block', label: t('stockRuleBlock') },
      ]}
      value={settings.stockRule}
      patch={(stockRule) => ({ stockRule })}
    />
  );
}
