// Scans that wait in the queue (renderer/scanner/queue.ts) while a dialog, the payment panel or a PIN
// prompt is open: said above the dialog, so the cashier knows the beeps are not lost and will be
// added once it closes. Below them, the scans held for a sale that left the counter before their
// turn came (paid, parked, voided: store/held-scans.ts), with the way to put them on this sale or drop them;
// above those, the sale's scans not done when the page was loaded again (store/scans-over-reload.ts;
// the same two choices, which act on both lists: one pair of buttons).
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { scanQueue, type DeliveredScan } from '../scanner/index.ts';
import { addHeldScans, discardHeldScans, useHeldScans } from '../store/held-scans.ts';
import './scans-waiting.css';

const subscribe = (listener: () => void) => scanQueue.subscribe(listener);
const waiting = () => scanQueue.waiting();
/** The keys that add and drop them (actions/keymap.ts, sale.addHeld, sale.discardHeld), as on the keyboard. */
const ADD_KEY = 'Ctrl+Enter';
const DISCARD_KEY = 'Ctrl+Delete';

/** The codes, each after the `3*` it carries (one from before a reload keeps the one it took). */
const codes = (scans: readonly DeliveredScan[]): string =>
  scans.map((s) => (s.made?.typed === undefined ? s.code : `${s.made.typed.quantity}*${s.code}`)).join(', ');

export function ScansWaiting() {
  const count = useSyncExternalStore(subscribe, waiting);
  const held = useHeldScans((s) => s.held);
  const reloaded = useHeldScans((s) => s.reloaded);
  const { t } = useTranslation('scanner');
  if (count === 0 && held.length === 0 && reloaded.length === 0) return null;
  const choice = (
    <>
      <button type="button" data-action="add-held-scans" onClick={addHeldScans}>
        {t('scansHeldAdd')} <kbd>{ADD_KEY}</kbd>
      </button>{' '}
      <button type="button" data-action="discard-held-scans" onClick={() => void discardHeldScans()}>
        {t('scansHeldDiscard')} <kbd>{DISCARD_KEY}</kbd>
      </button>
    </>
  );
  return (
    // Only held ones: at the bottom, over the key legend, never over the change due and code field.
    <div className={count === 0 ? 'scans-waiting scans-waiting--held' : 'scans-waiting'}>
      {count > 0 && (
        <p role="status" data-testid="scans-waiting" data-count={count}>
          {t('scansWaiting', { count })}
        </p>
      )}
      {reloaded.length > 0 && (
        <p role="status" data-testid="scans-reloaded" data-count={reloaded.length}>
          {t('scansReloaded', { count: reloaded.length, codes: codes(reloaded) })}{' '}
          {held.length === 0 && choice}
        </p>
      )}
      {held.length > 0 && (
        <p role="status" data-testid="scans-held" data-count={held.length}>
          {t('scansHeld', { count: held.length, codes: codes(held) })} {choice}
        </p>
      )}
    </div>
  );
}
