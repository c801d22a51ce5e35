// The Sale screen's one place that says what the last action did (add, remove, quantity, void,
// place): one live region, one message, each replacing the one before (store/sale.ts `announce`).
import type { OutboxEntryView } from '../../../contract/contract.ts';
import { useWords } from '../../i18n/kept-words.ts';
import { placedText } from '../../words/placed.ts';
import { useFormat } from '../use-format.ts';
import { useApp } from '../../store/app.ts';
import { openPriceEntry } from '../../store/price-entry.ts';

export function Announcer() {
  const outcome = useApp((s) => s.sale.outcome);
  const unpriced = useApp((s) => s.sale.unpriced);
  const t = useWords('sale');
  const placed = useApp((s) => s.sale.placed);
  const sessionError = useApp((s) => s.sessionError);
  const entry = useApp((s) => (placed === null ? undefined : s.orderNews[String(placed)]));
  return (
    <div className="announcer" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {outcome !== null ? (
        <p className={`notice ${outcome.tone}`} data-scan-outcome={outcome.tone}>
          {outcome.text}
          {unpriced !== null && (
            <>
              {' '}
              <button type="button" className="link" onClick={openPriceEntry} data-action="enter-price">
                {t('enterPrice')} <kbd>F6</kbd>
              </button>
            </>
          )}
        </p>
      ) : placed !== null ? (
        <PlacedNotice entry={entry} />
      ) : sessionError !== null ? (
        <p className="notice error">{sessionError}</p>
      ) : null}
    </div>
  );
}

/** What became of the order just placed, as the outbox reports it. */
function PlacedNotice({ entry }: { entry: OutboxEntryView | undefined }) {
  const t = useWords('sale');
  const tr = useWords('receipt');
  const format = useFormat();
  const state = entry?.state ?? 'queued';
  const { tone, text } = placedText(state, entry?.remoteId, t, tr, {
    booked: entry?.bookedTotal,
    total: entry?.summary?.total,
    price: (amount) => format.price(amount),
    code: entry?.code,
  });
  return (
    <p className={`notice ${tone}`} data-placed-order={state}>
      {text}
    </p>
  );
}
