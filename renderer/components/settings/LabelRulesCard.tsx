// Settings: the price, weight and quantity label rules, one per line, checked by the core.
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LabelRule } from '../../../contract/contract.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';
import { plainResult, type CardResult } from './card-result.ts';
import { CardNotice } from './CardNotice.tsx';
import { Card } from '../Card.tsx';

/** One rule per line: `price 23.....{NNNDD}` (type, then the pattern of the 12 digits before the check digit). */
export function LabelRulesCard({ rules }: { rules: readonly LabelRule[] }) {
  const { t } = useTranslation('settings');
  const shown = rules.map((r) => `${r.type} ${r.pattern}`).join('\n');
  const [text, setText] = useState(shown);
  const [result, setResult] = useState<CardResult | null>(null);
  const save = async () => {
    const parsed: LabelRule[] = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      const [type = '', pattern = ''] = line.trim().split(/\s+/);
      if ((type !== 'price' && type !== 'weight' && type !== 'quantity') || pattern === '') {
        setResult({
          tone: 'error',
          text: (t) => t('labelRuleWrong', { line: i + 1 }),
        });
        return;
      }
      parsed.push({ type, pattern });
    }
    try {
      const settings = await saveSettings({ labelRules: parsed });
      setResult({ tone: 'ok', text: (t) => t('labelRulesSaved', { count: settings.labelRules.length }) });
    } catch (e) {
      setResult(plainResult('error', message(e)));
    }
  };
  return (
    <Card title={t('labelRulesTitle')} data-section="label-rules">
      <p className="muted">
        <Trans t={t} i18nKey="labelRulesHelp" components={{ code: <code /> }} />
      </p>
      <label className="field">
        <span>{t('labelRules')}</span>
        <textarea
          rows={4}
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-field="labelRules"
        />
      </label>
      <CardNotice result={result} name="label-rules-notice" />
      <div className="actions">
        <button type="button" className="primary" onClick={() => void save()} data-action="save-label-rules">
          {t('saveRules')}
        </button>
      </div>
    </Card>
  );
}
