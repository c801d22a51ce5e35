// The Shift screen's "who works the till": the cashier signed in, or a cashier chosen and their PIN;
// shown once the till has cashiers (Settings → Cashiers).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PinField } from '../PinField.tsx';
import { loadCashiers, signIn, signOut, useCashiers } from '../../store/cashiers.ts';
import { FormCard } from '../Form.tsx';

export function SignIn() {
  const { t } = useTranslation('shift');
  const { view, error, busy } = useCashiers();
  const [chosen, setChosen] = useState<number | null>(null);
  const [pin, setPin] = useState('');
  useEffect(() => void loadCashiers(), []);
  if (view === null || view.cashiers.length === 0) return null;
  const id = chosen ?? view.cashiers[0]?.id ?? null;
  return (
    <FormCard
      title={t('signInTitle')}
      data-section="sign-in"
      data-signed-in={view.signedIn?.id ?? ''}
      onSubmit={() => {
        if (id === null) return;
        void signIn(id, pin).then(() => setPin(''));
      }}
    >
      <p>{view.signedIn === null ? t('nobodySignedIn') : t('signedInAs', { name: view.signedIn.name })}</p>
      {view.signedIn !== null ? (
        <button type="button" disabled={busy} onClick={() => void signOut()} data-action="sign-out">
          {t('signOutButton')}
        </button>
      ) : (
        <>
          <div className="shift-row">
            <label className="field">
              <span>{t('signInCashier')}</span>
              <select
                value={id ?? ''}
                onChange={(e) => setChosen(Number(e.target.value))}
                data-field="signInCashier"
              >
                {view.cashiers.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <PinField label={t('signInPin')} value={pin} set={setPin} name="signInPin" autoComplete="off" />
          </div>
          <button type="submit" className="primary" disabled={busy} data-action="sign-in">
            {t('signInButton')}
          </button>
        </>
      )}
      {error !== null && (
        <p className="notice error" role="alert" data-sign-in-error>
          {error}
        </p>
      )}
    </FormCard>
  );
}
