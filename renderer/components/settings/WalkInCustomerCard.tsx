// Settings: who a sale without a card goes to. Picked from the companies the cache knows, by name or
// by id; cleared to need a card for every sale again. Until anyone chose (a real instance's first
// run), it says so and offers "a card for every sale" as a choice of its own.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { CompanySearch } from '../CompanySearch.tsx';
import { findCompanies, setWalkInCustomer, useCompanies } from '../../store/companies.ts';
import { Card } from '../Card.tsx';

export function WalkInCustomerCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [text, setText] = useState('');
  const { matches, error } = useCompanies();
  const current = settings.walkInCustomer;
  useEffect(() => void findCompanies(text), [text]);
  return (
    <Card title={t('walkInTitle')} data-section="walk-in">
      <p className="muted">{t('walkInHelp')}</p>
      <p data-walk-in-current={current?.companyId ?? ''}>
        {current === null ? (
          settings.walkInChosen ? (
            t('walkInNone')
          ) : (
            <>
              {t('walkInNotChosen')}{' '}
              <button
                type="button"
                data-action="card-every-sale"
                onClick={() => void setWalkInCustomer(null)}
              >
                {t('walkInCardEverySale')}
              </button>
            </>
          )
        ) : (
          <>
            {t('walkInNow')} <strong>{current.name}</strong>{' '}
            <span className="muted">#{current.companyId}</span>{' '}
            <button type="button" data-action="clear-walk-in" onClick={() => void setWalkInCustomer(null)}>
              {t('walkInClear')}
            </button>
          </>
        )}
      </p>
      <CompanySearch
        label={t('walkInFind')}
        field="walkInSearch"
        text={text}
        onText={setText}
        matches={matches}
        error={error}
        noMatch={t('walkInNoMatch')}
        noName={t('walkInNoName')}
        onPick={(companyId) => void setWalkInCustomer(companyId)}
      />
    </Card>
  );
}
