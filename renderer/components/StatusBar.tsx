// Always visible: online/offline, the instance (and DEMO), credentials refused, orders not allowed
// (the client lacks the permission to create them), the till's shift and who is signed in, queued
// orders, the receipt printer's waiting receipts, the serial scanner's port, age of the last sync.
// What does not fit one line goes whole to a second (styles.css .status-bar: at 1024 px with a serial
// scanner the sync's age does), never cut: the instance and who works the shift are never hidden.
import { useTranslation } from 'react-i18next';
import { useFormat } from './use-format.ts';
import { useApp } from '../store/app.ts';
import { retryPrinter } from '../store/printer.ts';
import type { PrintProblem, SerialScannerStatus, StatusView } from '../../contract/contract.ts';
import type { JournalBreakView } from '../../contract/store.ts';

export function StatusBar() {
  const status = useApp((s) => s.status);
  const setScreen = useApp((s) => s.setScreen);
  const { t } = useTranslation();
  const format = useFormat();
  const online = status?.online ?? null;
  const needsAttention = status?.needsAttention ?? 0;
  return (
    <footer className="status-bar" data-testid="status-bar" role="status">
      {status?.secretMissing === true ? (
        // Not "offline": the instance may well be up; what is missing is the secret, and where it goes.
        <button
          type="button"
          className="pill refused"
          data-online="false"
          data-secret-missing="true"
          onClick={() => setScreen('settings')}
        >
          {t('secretMissing')}
        </button>
      ) : (
        <span
          className={online === null ? 'pill unknown' : online ? 'pill online' : 'pill offline'}
          data-online={online === null ? 'unknown' : String(online)}
        >
          {online === null ? t('checking') : online ? t('online') : t('offline')}
        </span>
      )}
      {status?.demo === true && (
        <span className="pill demo" data-demo="true" title={t('demoTitle')}>
          {t('demo')}
        </span>
      )}
      {status?.credentialsRefused === true && (
        <span className="pill refused" data-credentials-refused="true" title={t('credentialsRefusedTitle')}>
          {t('credentialsRefused')}
        </span>
      )}
      {status?.orderPermission === 'lacking' && (
        <span className="pill refused" data-orders-not-allowed="true" title={t('ordersNotAllowedTitle')}>
          {t('ordersNotAllowed')}
        </span>
      )}
      {status?.insecure === true && (
        <span className="pill insecure" data-insecure="true" title={t('insecureTitle')}>
          {t('insecure')}
        </span>
      )}
      <span className="instance" data-instance>
        {status?.instance ?? t('noInstance')}
        {status?.version === undefined ? '' : ` · ${t('version', { version: status.version })}`}
      </span>
      {status?.storeHub?.connected === false && <StoreHubPill downSince={status.storeHub.downSince} />}
      {status?.storeHub?.journalBreak !== undefined && (
        <StoreBreakPill journalBreak={status.storeHub.journalBreak} />
      )}
      {status !== null && <ShiftPill status={status} />}
      <button
        type="button"
        className="link"
        onClick={() => setScreen('orders')}
        data-queued={status?.queued ?? 0}
      >
        {t('queued', { queued: status?.queued ?? 0 })}
        {needsAttention > 0 ? ` · ${t('needAttention', { count: needsAttention })}` : ''}
      </button>
      {status?.printer != null && <PrinterPill printer={status.printer} />}
      {status?.serialScanner !== undefined && <SerialScannerPill scanner={status.serialScanner} />}
      <span className="sync-age" data-last-sync={status?.lastSyncedAt ?? ''}>
        {t('lastSync', { age: format.age(status?.lastSyncedAt ?? null) })}
      </span>
    </footer>
  );
}

/** "Obchod: bez spojení s pokladnami · od 10:42": the store hub is out of reach (issue 38). */
function StoreHubPill({ downSince }: { downSince: string | null }) {
  const { t } = useTranslation('store');
  const format = useFormat();
  return (
    <span className="pill offline" data-store-hub="down" title={t('storeDownTitle')}>
      {t('storeDown')}
      {downSince === null ? '' : ` · ${t('storeDownSince', { since: format.time(downSince) })}`}
    </span>
  );
}

/**
 * "Obchod: prodeje se neposílají": this till's journal does not continue the one the hub holds
 * under its name (another till uses the name, or its folder was replaced or put back from a backup);
 * a click opens Settings, where its hub card says what to do.
 */
function StoreBreakPill({ journalBreak }: { journalBreak: JournalBreakView }) {
  const { t } = useTranslation('store');
  const setScreen = useApp((s) => s.setScreen);
  return (
    <button
      type="button"
      className="pill refused"
      data-store-hub="journal-break"
      title={t('storeBreakTitle', { ...journalBreak })}
      onClick={() => setScreen('settings')}
    >
      {t('storeBreak')}
    </button>
  );
}

/** "Směna 3 · od 08:02 · Jana Nováková", or "Směna zavřena"; a click (or F5) opens the Shift screen. */
function ShiftPill({ status }: { status: StatusView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const setScreen = useApp((s) => s.setScreen);
  const { shift, cashier } = status;
  const who = cashier?.name ?? (status.signInNeeded ? t('nobodySignedIn') : undefined);
  const text = [
    shift === null
      ? t('shiftClosedStatus')
      : t('shiftOpen', { id: shift.id, since: format.time(shift.openedAt) }),
    who,
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
  return (
    <button
      type="button"
      className={status.signInNeeded ? 'link shift-status sign-in-needed' : 'link shift-status'}
      onClick={() => setScreen('shift')}
      title={`${text}. ${t('shiftStatusTitle')}`}
      data-shift-status={shift === null ? 'closed' : String(shift.id)}
      data-cashier={cashier?.name ?? ''}
    >
      {text}
    </button>
  );
}

const PROBLEM_WORD = {
  unreachable: 'printerProblemUnreachable',
  'paper-out': 'printerProblemPaperOut',
  stalled: 'printerProblemStalled',
  interrupted: 'printerProblemInterrupted',
  failed: 'printerProblemFailed',
} as const satisfies Record<PrintProblem, string>;

/** "Printer: 2 waiting · out of paper"; a click tries the waiting receipts now. */
function PrinterPill({ printer }: { printer: NonNullable<StatusView['printer']> }) {
  const { t } = useTranslation();
  const waiting = printer.waiting;
  const why =
    printer.printer === null
      ? t('printerNone')
      : printer.problem === undefined
        ? undefined
        : t(PROBLEM_WORD[printer.problem]);
  return (
    <button
      type="button"
      className={waiting > 0 ? 'link printer-waiting' : 'link'}
      onClick={() => void retryPrinter()}
      title={printer.detail ?? t('printerRetryTitle')}
      data-printer-waiting={waiting}
      data-printer-problem={printer.problem ?? ''}
    >
      {waiting === 0
        ? t('printerReady')
        : [t('printerWaiting', { count: waiting }), why].filter((w) => w !== undefined).join(' · ')}
    </button>
  );
}

const SERIAL_WORD = {
  opening: 'serialStatusOpening',
  connected: 'serialStatusConnected',
  lost: 'serialStatusLost',
  reconnected: 'serialStatusReconnected',
} as const satisfies Record<SerialScannerStatus['state'], string>;

/**
 * "Čtečka připojena", "Čtečka odpojena: čekám na ni", "Čtečka znovu připojena": short, so the bar
 * keeps one line; the port (a /dev/serial/by-id/... path can be long) and the reason in its title.
 */
function SerialScannerPill({ scanner }: { scanner: SerialScannerStatus }) {
  const { t } = useTranslation('serial');
  const down = scanner.state === 'opening' || scanner.state === 'lost';
  return (
    <span
      className={down ? 'serial-scanner serial-down' : 'serial-scanner'}
      title={t('serialStatusTitle', { port: scanner.port, detail: scanner.detail ?? '' })}
      data-serial-scanner={scanner.state}
    >
      {t(SERIAL_WORD[scanner.state])}
    </span>
  );
}
