// A search among the companies the cache knows, by name or number, with its matches as buttons under
// it: a click picks one and empties the search. Who searches keeps the text and the matches (the
// walk-in customer's in the shared companies store, the card company's in its card); this shows them.
import type { CompanyMatchView } from '../../contract/contract.ts';

export function CompanySearch({
  label,
  field,
  text,
  onText,
  matches,
  error,
  noMatch,
  noName,
  onPick,
}: {
  /** What to type, before the field. */
  label: string;
  /** The input's data-field. */
  field: string;
  text: string;
  onText: (text: string) => void;
  /** The matches to show (none while the text is empty). */
  matches: readonly CompanyMatchView[];
  /** Why the search failed (the core's words), or null. */
  error: string | null;
  /** Said when the text finds no company. */
  noMatch: string;
  /** Shown for a company the cache knows no name of. */
  noName: string;
  onPick: (companyId: number) => void;
}) {
  return (
    <>
      <label>
        {label}
        <input value={text} onChange={(e) => onText(e.target.value)} autoComplete="off" data-field={field} />
      </label>
      {error !== null && <p className="notice error">{error}</p>}
      {text.trim() !== '' && matches.length === 0 && error === null && <p className="muted">{noMatch}</p>}
      {matches.length > 0 && (
        <ul className="company-matches">
          {matches.map((c) => (
            <li key={c.companyId}>
              <button
                type="button"
                data-company-match={c.companyId}
                onClick={() => {
                  onText('');
                  onPick(c.companyId);
                }}
              >
                {c.name ?? noName} <span className="muted">#{c.companyId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
