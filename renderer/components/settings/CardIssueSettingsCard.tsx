// Settings → Cards issued at the till (issue 39): the company a new card goes to unless the cashier
// picks another (the retail members' programme, e.g. "Věrnostní program"), found among the cache's
// companies by name or number, and how many months a new card is valid. Saved as the other cards'
// fields are (store/settings.ts); the manager PIN guards it.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyMatchView, SettingsView } from '../../../contract/contract.ts';
import { CompanySearch } from '../CompanySearch.tsx';
import { findCardCompanies } from '../../store/card-issue.ts';
import { loadCompanyName, useCompanies } from '../../store/companies.ts';
import { CountField, SaveRow, useSettingsSave } from './SettingsSave.tsx';
import { FormCard } from '../Form.tsx';

export function CardIssueSettingsCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('cards');
  const [months, setMonths] = useState(String(settings.cardValidityMonths));
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<readonly CompanyMatchView[]>([]);
  const { said, setSaid, save: saveAndSay } = useSettingsSave(t('settingsSaved'));
  const companyId = settings.cardCompanyId;
  const name = useCompanies((s) => (companyId === null ? undefined : s.names[companyId]));
  useEffect(() => {
    if (companyId !== null) void loadCompanyName(companyId);
  }, [companyId]);
  useEffect(() => {
    let current = true;
    findCardCompanies(text).then(
      (found) => current && setMatches(found),
      () => current && setMatches([]),
    );
    return () => {
      current = false;
    };
  }, [text]);
  const save = async (patch: { cardCompanyId?: number | null; cardValidityMonths?: number }) => {
    const saved = await saveAndSay(patch);
    if (saved !== undefined) setMonths(String(saved.cardValidityMonths));
  };
  const saveMonths = () => {
    // Digits only: Number() would take "1e2" as 100.
    const value = /^\d{1,3}$/.test(months.trim()) ? Number(months.trim()) : Number.NaN;
    if (!Number.isInteger(value) || value < 1 || value > 120) {
      setSaid({ tone: 'error', text: t('settingsMonthsInvalid') });
      return;
    }
    void save({ cardValidityMonths: value });
  };
  return (
    <FormCard title={t('settingsTitle')} data-section="card-issue" onSubmit={() => saveMonths()}>
      <p className="muted">{t('settingsHelp')}</p>
      <p data-card-company-current={companyId ?? ''}>
        {t('settingsCompany')}:{' '}
        {companyId === null ? (
          t('settingsCompanyNone')
        ) : (
          <>
            <strong>{name ?? t('companyNoName')}</strong> <span className="muted">#{companyId}</span>{' '}
            <button
              type="button"
              data-action="clear-card-company"
              onClick={() => void save({ cardCompanyId: null })}
            >
              {t('settingsCompanyClear')}
            </button>
          </>
        )}
      </p>
      <CompanySearch
        label={t('companyFind')}
        field="cardCompanySettingsSearch"
        text={text}
        onText={setText}
        matches={matches}
        error={null}
        noMatch={t('companyNoMatch')}
        noName={t('companyNoName')}
        onPick={(companyId) => void save({ cardCompanyId: companyId })}
      />
      <CountField
        label={t('settingsMonths')}
        value={months}
        onChange={setMonths}
        field="cardValidityMonths"
      />
      <SaveRow label={t('settingsSave')} data-action="save-card-months" said={said} />
    </FormCard>
  );
}
