// Always visible: online/offline, the instance (and DEMO), queued orders, age of the last sync.
import { formatAge } from '../format.ts';
import { useApp } from '../store.ts';

export function StatusBar() {
  const status = useApp((s) => s.status);
  const setScreen = useApp((s) => s.setScreen);
  const online = status?.online ?? null;
  return (
    <footer className="status-bar" data-testid="status-bar" role="status">
      <span
        className={online === null ? 'pill unknown' : online ? 'pill online' : 'pill offline'}
        data-online={online === null ? 'unknown' : String(online)}
      >
        {online === null ? 'Checking…' : online ? 'Online' : 'Offline'}
      </span>
      {status?.demo === true && (
        <span className="pill demo" data-demo="true" title="Built-in demo instance with generated data">
          DEMO
        </span>
      )}
      {status?.insecure === true && (
        <span
          className="pill insecure"
          data-insecure="true"
          title="Plain http to another machine: the client secret and tokens travel readable. Use https."
        >
          Insecure connection
        </span>
      )}
      <span className="instance" data-instance>
        {status?.instance ?? 'No instance configured'}
        {status?.version === undefined ? '' : ` · v${status.version}`}
      </span>
      <button
        type="button"
        className="link"
        onClick={() => setScreen('orders')}
        data-queued={status?.queued ?? 0}
      >
        {status?.queued ?? 0} queued
        {(status?.needsAttention ?? 0) > 0 ? ` · ${status?.needsAttention ?? 0} need attention` : ''}
      </button>
      <span className="sync-age" data-last-sync={status?.lastSyncedAt ?? ''}>
        Last sync: {formatAge(status?.lastSyncedAt ?? null, { never: 'never', unknown: 'unknown' })}
      </span>
    </footer>
  );
}
