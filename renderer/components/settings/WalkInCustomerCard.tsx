// Settings: who a sale without a card goes to. Picked from the companies the cache knows, by name or
// by id; cleared to need a card for every sale again.
import { useEffect, useState } from 'react';
import type { SettingsView } from '../../../preload/contract.ts';
import { findCompanies, setWalkInCustomer, useCompanies } from '../../store/companies.ts';

export function WalkInCustomerCard({ settings }: { settings: SettingsView }) {
  const [text, setText] = useState('');
  const { matches, error } = useCompanies();
  const current = settings.walkInCustomer;
  useEffect(() => void findCompanies(text), [text]);
  return (
    <div className="card" data-section="walk-in">
      <h2>Walk-in customer</h2>
      <p className="muted">
        A sale without a scanned card goes to this customer (the service needs one for every order).
      </p>
      <p data-walk-in-current={current?.companyId ?? ''}>
        {current === null ? (
          'None: a card must be scanned for every sale.'
        ) : (
          <>
            Now: <strong>{current.name}</strong> <span className="muted">#{current.companyId}</span>{' '}
            <button type="button" data-action="clear-walk-in" onClick={() => void setWalkInCustomer(null)}>
              Clear
            </button>
          </>
        )}
      </p>
      <label>
        Find a company by name or id
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          data-field="walkInSearch"
        />
      </label>
      {error !== null && <p className="notice error">{error}</p>}
      {text.trim() !== '' && matches.length === 0 && error === null && (
        <p className="muted">No known company matches.</p>
      )}
      {matches.length > 0 && (
        <ul className="company-matches">
          {matches.map((c) => (
            <li key={c.companyId}>
              <button
                type="button"
                data-company-match={c.companyId}
                onClick={() => {
                  setText('');
                  void setWalkInCustomer(c.companyId);
                }}
              >
                {c.name ?? 'No name'} <span className="muted">#{c.companyId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
