// Scans that wait in the queue (renderer/scanner/queue.ts) while a dialog, the payment panel or a PIN
// prompt is open: said above the dialog, so the cashier knows the beeps are not lost and will be
// added once it closes.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { scanQueue } from '../scanner/index.ts';
import './scans-waiting.css';

const subscribe = (listener: () => void) => scanQueue.subscribe(listener);
const waiting = () => scanQueue.waiting();

export function ScansWaiting() {
  const count = useSyncExternalStore(subscribe, waiting);
  const { t } = useTranslation('scanner');
  if (count === 0) return null;
  return (
    <p className="scans-waiting" role="status" data-testid="scans-waiting" data-count={count}>
      {t('scansWaiting', { count })}
    </p>
  );
}
