// A PIN typed in: digits only (anything else typed is dropped), never more than the PIN may have, and
// never shown.
// A cashier's PIN (Settings → Cashiers, signing in) and the manager's (Settings → Manager PIN).

/** The most digits of a PIN: the contract's CashierPin is 4 to 6, SettingsPatch's managerPin 4 to 12. */
const MOST_DIGITS = { cashier: 6, manager: 12 } as const;

export function PinField({
  label,
  value,
  set,
  name,
  manager = false,
  autoComplete = 'new-password',
}: {
  label: string;
  value: string;
  set: (pin: string) => void;
  /** The input's data-field. */
  name: string;
  /** The manager's PIN (up to 12 digits); else a cashier's (up to 6). */
  manager?: boolean;
  /** 'new-password' where a PIN is chosen (the default), 'off' where one is typed to sign in. */
  autoComplete?: 'new-password' | 'off';
}) {
  const most = MOST_DIGITS[manager ? 'manager' : 'cashier'];
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="password"
        inputMode="numeric"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => set(e.target.value.replace(/\D/g, '').slice(0, most))}
        data-field={name}
      />
    </label>
  );
}
