// A search beside an id of the fix form: the person types a name (a company's, a product's name, code
// or barcode), the cache's matches come as buttons, and a click puts the match's id in the field. So
// an order is fixed by what things are called, never by raw ids looked up elsewhere.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FixPickerProps<T> {
  /** The search field's label (what to type). */
  readonly label: string;
  /** The field whose id a pick sets (`customerId`, `items[0].productId`): names the picker in the page. */
  readonly field: string;
  readonly find: (text: string) => Promise<readonly T[]>;
  readonly idOf: (match: T) => number;
  readonly nameOf: (match: T) => string;
  readonly onPick: (match: T) => void;
}

export function FixPicker<T>({ label, field, find, idOf, nameOf, onPick }: FixPickerProps<T>) {
  const { t } = useTranslation('orders');
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; matches: readonly T[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // The latest text wins: an answer to older text that comes late is dropped.
    let current = true;
    find(text).then(
      (matches) => {
        if (current) {
          setFound({ text, matches });
          setError(null);
        }
      },
      (e: unknown) => {
        if (current) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      current = false;
    };
  }, [text, find]);
  const matches = found?.text === text ? found.matches : [];
  return (
    <div className="fix-picker" data-picker={field}>
      <label>
        <span>{label}</span>
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          data-field={`find-${field}`}
        />
      </label>
      {error !== null && <p className="notice error">{error}</p>}
      {text.trim() !== '' && found?.text === text && matches.length === 0 && (
        <p className="muted">{t('fixNoMatch')}</p>
      )}
      {matches.length > 0 && (
        <ul className="fix-matches">
          {matches.map((m) => (
            <li key={idOf(m)}>
              <button
                type="button"
                data-pick={idOf(m)}
                onClick={() => {
                  setText('');
                  onPick(m);
                }}
              >
                {nameOf(m)} <span className="muted">#{idOf(m)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
