// On a real instance's first run, in the customer panel while no card is scanned: who a sale without
// a card goes to. A company the cache knows (by name or number), or explicitly a card for every sale;
// until one is chosen, F9 without a card says so instead of taking payment (store/refusal.ts).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyMatchView } from '../../../contract/contract.ts';
import { findCompanies, setWalkInCustomer, useCompanies } from '../../store/companies.ts';
import { CompanySearch } from '../CompanySearch.tsx';
import './walk-in.css';

/** Matches shown at once: the panel is narrow, a longer list is a more precise search away. */
const SHOWN = 5;

export function WalkInPrompt() {
  const { t } = useTranslation('sale');
  const [text, setText] = useState('');
  const { matches, error } = useCompanies();
  useEffect(() => void findCompanies(text), [text]);
  return (
    <div className="walk-in-prompt" data-section="sale-walk-in">
      <p>{t('walkInAsk')}</p>
      <CompanySearch
        label={t('walkInAskFind')}
        field="walkInPrompt"
        text={text}
        onText={setText}
        matches={text.trim() === '' ? [] : byIdFirst(matches, text)}
        error={error}
        noMatch={t('walkInAskNoMatch')}
        noName={t('walkInAskNoName')}
        onPick={(companyId) => void setWalkInCustomer(companyId)}
      />
      <button type="button" data-action="card-every-sale" onClick={() => void setWalkInCustomer(null)}>
        {t('walkInAskCardOnly')}
      </button>
    </div>
  );
}

/** The matches shown, the company whose number was typed first (names with that digit in them follow). */
function byIdFirst(matches: readonly CompanyMatchView[], text: string): CompanyMatchView[] {
  const typed = text.trim();
  const isTyped = (c: CompanyMatchView): number => (String(c.companyId) === typed ? 1 : 0);
  return [...matches].sort((a, b) => isTyped(b) - isTyped(a)).slice(0, SHOWN);
}
