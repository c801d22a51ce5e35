// Settings → Cashiers: who may sign in at the till with their own PIN. Adding and removing them is
// the manager's (the manager PIN when one is set); a removed cashier stays named in the reports.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PinField } from '../PinField.tsx';
import { addCashier, loadCashiers, removeCashier, useCashiers } from '../../store/cashiers.ts';
import { TextField } from '../TextField.tsx';
import { FormCard } from '../Form.tsx';
import { SaveButton } from './SettingsSave.tsx';

export function CashiersCard() {
  const { t } = useTranslation('shift');
  const { view, error, done, busy } = useCashiers();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  useEffect(() => void loadCashiers(), []);
  return (
    <FormCard
      title={t('cashiersTitle')}
      data-section="cashiers"
      onSubmit={() => {
        void addCashier(name, pin).then((ok) => {
          // Whatever the core answered, no PIN is left typed in the field.
          setPin('');
          if (ok) setName('');
        });
      }}
    >
      <p className="muted">{t('cashiersHelp')}</p>
      {view !== null && view.cashiers.length === 0 && <p>{t('noCashiers')}</p>}
      <ul className="cashier-list">
        {view?.cashiers.map((c) => (
          <li key={c.id} data-cashier={c.id}>
            {c.name}{' '}
            <button
              type="button"
              disabled={busy}
              onClick={() => void removeCashier(c.id, c.name)}
              data-action="remove-cashier"
            >
              {t('cashierRemove', { name: c.name })}
            </button>
          </li>
        ))}
      </ul>
      <TextField label={t('cashierName')} value={name} set={setName} name="cashierName" maxLength={60} />
      <PinField label={t('cashierPin')} value={pin} set={setPin} name="cashierPin" />
      <div className="actions">
        <SaveButton label={t('cashierAdd')} data-action="add-cashier" disabled={busy} />
      </div>
      {error !== null && (
        <p className="notice error" role="alert" data-cashier-error>
          {error}
        </p>
      )}
      {done !== null && (
        <p className="notice ok" role="status" data-cashier-done>
          {done}
        </p>
      )}
    </FormCard>
  );
}
