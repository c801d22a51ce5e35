// Settings: the instance and its credentials (the secret is write-only), the terminal's warehouse,
// the scanner with a test pad, sync with a progress bar per resource, the connection test (token,
// version, permissions, features).
import { useState } from 'react';
import type { ConnectionView, LabelRule, PermissionCheck, SettingsView } from '../../preload/contract.ts';
import { formatAge } from '../format.ts';
import { message, useApp } from '../store.ts';
import { saveInstance, saveSettings, syncNow, testConnection } from '../store/settings.ts';
import { ScannerCard } from '../components/settings/ScannerCard.tsx';
import { WalkInCustomerCard } from '../components/settings/WalkInCustomerCard.tsx';
import { ManagerPinCard } from '../components/ManagerPinCard.tsx';
import { ReceiptSettings } from '../receipt/ReceiptSettings.tsx';
import { useWarehouses, WarehouseSelect } from '../components/WarehousePicker.tsx';

export function Settings() {
  const settings = useApp((s) => s.settings);
  return (
    <section className="settings" data-testid="settings" aria-label="Settings">
      <div className="settings-grid">
        {settings === null ? <p>Loading…</p> : <InstanceForm settings={settings} />}
        <ConnectionCard />
        <SyncCard />
        {settings !== null && <WarehouseCard settings={settings} />}
        {settings !== null && <WalkInCustomerCard settings={settings} />}
        {settings !== null && <ScannerCard scanner={settings.scanner} />}
        {settings !== null && <LabelRulesCard rules={settings.labelRules} />}
        <ManagerPinCard />
        {settings !== null && <ReceiptSettings />}
      </div>
    </section>
  );
}

function InstanceForm({ settings }: { settings: SettingsView }) {
  const [url, setUrl] = useState(settings.instanceUrl ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [allowInsecure, setAllowInsecure] = useState(settings.allowInsecure);
  const [result, setResult] = useState<{
    tone: 'ok' | 'error';
    text: string;
    fields?: Record<string, string[]>;
  } | null>(null);
  const fromEnv = settings.source === 'env';

  const save = async () => {
    try {
      await saveInstance({
        instanceUrl: url.trim() === '' ? null : url.trim(),
        clientId: clientId.trim() === '' ? null : clientId.trim(),
        ...(secret === '' ? {} : { clientSecret: secret }),
        allowInsecure,
      });
      setSecret('');
      setResult({ tone: 'ok', text: 'Saved.' });
    } catch (error) {
      const fields =
        error instanceof Error && 'fieldErrors' in error
          ? (error.fieldErrors as Record<string, string[]>)
          : undefined;
      setResult({ tone: 'error', text: message(error), ...(fields === undefined ? {} : { fields }) });
    }
  };

  return (
    <form
      className="card"
      data-section="instance"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>Instance</h2>
      <p className="muted" data-source={settings.source}>
        {settings.source === 'demo'
          ? 'Running on the built-in DEMO instance. Enter your instance to replace it.'
          : settings.source === 'env'
            ? 'Set by POS_* environment variables (they win over these settings).'
            : 'Configured here.'}
      </p>
      <label className="field">
        <span>Instance URL</span>
        <input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://shop.example.com"
          disabled={fromEnv}
          data-field="instanceUrl"
        />
        {result?.fields?.instanceUrl?.map((m) => (
          <span className="field-error" key={m}>
            {m}
          </span>
        ))}
      </label>
      <label className="field">
        <span>Client id</span>
        <input
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
          autoComplete="off"
          data-field="clientId"
        />
      </label>
      <label className="field">
        <span>Client secret</span>
        <input
          type="password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          autoComplete="new-password"
          placeholder={settings.hasSecret ? 'stored - type to replace' : 'not set'}
          data-field="clientSecret"
        />
        <span className="muted" data-has-secret={String(settings.hasSecret)}>
          {settings.hasSecret
            ? settings.secretStorage === 'safeStorage'
              ? 'A secret is stored, encrypted by the operating system.'
              : settings.secretStorage === 'env'
                ? 'The secret comes from POS_CLIENT_SECRET.'
                : 'A secret is set for this session only: no encrypted storage is available here (the web shell, or no OS keychain), so it is asked again after a restart.'
            : 'No secret stored.'}
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={allowInsecure}
          onChange={(e) => setAllowInsecure(e.target.checked)}
          data-field="allowInsecure"
        />
        <span>
          Allow insecure connection (plain http to another machine: the secret and tokens travel readable)
        </span>
      </label>
      <div className="actions">
        <button type="submit" className="primary" data-action="save-instance">
          Save
        </button>
        {settings.hasSecret && settings.secretStorage !== 'env' && (
          <button type="button" onClick={() => void saveSettings({ clearSecret: true })}>
            Forget secret
          </button>
        )}
      </div>
      {result !== null && <p className={`notice ${result.tone}`}>{result.text}</p>}
    </form>
  );
}

function ConnectionCard() {
  const [info, setInfo] = useState<ConnectionView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const test = async () => {
    setBusy(true);
    // What is on screen is always the latest test's result, never an older one's.
    setInfo(null);
    setError(null);
    try {
      setInfo(await testConnection());
      setError(null);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card" data-section="connection">
      <h2>Connection</h2>
      <button type="button" onClick={() => void test()} disabled={busy} data-action="test-connection">
        {busy ? 'Testing…' : 'Test connection'}
      </button>
      {error !== null && <p className="notice error">{error}</p>}
      {info !== null && <ConnectionResult info={info} />}
    </div>
  );
}

const PERMISSION_MARK: Readonly<Record<PermissionCheck['status'], string>> = {
  granted: '✓',
  lacking: '✗',
  unknown: '?',
};

/**
 * One connection test, one block: a summary line, then the token, the instance and its version, the
 * permissions Counter needs and the features the instance offers. Without a token only the token is
 * shown: nothing else was asked, so nothing else is claimed.
 */
function ConnectionResult({ info }: { info: ConnectionView }) {
  const count = (status: PermissionCheck['status']) =>
    info.permissions.filter((p) => p.status === status).length;
  const [granted, unknown] = [count('granted'), count('unknown')];
  const lacking = info.permissions.filter((p) => p.status === 'lacking');
  const tone = !info.ok ? 'error' : lacking.length > 0 ? 'warn' : 'ok';
  const summary = !info.ok
    ? (info.message ?? 'Not connected.')
    : lacking.length > 2
      ? `Connected, but this client's role lacks ${lacking.length} of the ${info.permissions.length} permissions Counter needs.`
      : lacking.length > 0
        ? `Connected, but this client's role lacks what Counter needs for ${lacking.map((p) => p.name.toLowerCase()).join(' and ')}.`
        : unknown > 0
          ? `Connected: ${granted} of ${info.permissions.length} permissions Counter needs granted, ${unknown} not known.`
          : 'Connected: every permission Counter needs is granted.';
  return (
    <div className="connection-result" data-connection-result>
      <p className={`notice ${tone}`} data-connection-ok={String(info.ok)}>
        {summary}
      </p>
      {info.token !== undefined && (
        <dl className="connection-steps">
          <dt>Token</dt>
          <dd
            className={info.token.obtained ? 'ok' : 'off'}
            data-token-obtained={String(info.token.obtained)}
            data-token-reason={info.token.reason ?? ''}
          >
            {info.token.obtained ? '✓ obtained' : `✗ not obtained (${info.token.reason ?? 'failed'})`}
          </dd>
          {info.token.obtained && (
            <>
              <dt>Instance</dt>
              <dd>{info.name ?? 'not reported'}</dd>
              <dt>Version</dt>
              <dd data-instance-version={info.version ?? ''}>{info.version ?? 'not reported'}</dd>
            </>
          )}
        </dl>
      )}
      {info.permissions.length > 0 && (
        <>
          <h3>
            Permissions
            <span className="muted">
              {granted} of {info.permissions.length} granted
            </span>
          </h3>
          <ul className="permissions">
            {info.permissions.map((p) => (
              <li
                key={p.name}
                className={p.status}
                data-permission={p.name}
                data-status={p.status}
                title={p.detail}
              >
                <span className="mark">{PERMISSION_MARK[p.status]}</span>
                <span>
                  {p.name}
                  {p.status !== 'granted' && <span className="status">{p.status}</span>}
                  {p.permission !== undefined && <code>{p.permission}</code>}
                  {p.status !== 'granted' && p.detail !== undefined && (
                    <span className="detail">{p.detail}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {info.features.length > 0 && (
        <>
          <h3>Features</h3>
          <ul className="features">
            {info.features.map((f) => (
              <li key={f.name} className={f.available ? 'ok' : 'off'} data-feature={f.name}>
                {f.available ? '✓' : '✗'} {f.name}
                {f.detail === undefined ? '' : ` - ${f.detail}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const RESOURCE_LABELS: Readonly<Record<string, string>> = {
  warehouses: 'Warehouses',
  stockItems: 'Stock items',
  productUnits: 'Product units',
  companyRepresentatives: 'Representatives',
  financialReceivables: 'Receivables',
  companyCards: 'Customer cards',
};

function SyncCard() {
  const sync = useApp((s) => s.sync);
  const interval = useApp((s) => s.settings?.syncIntervalMinutes);
  const [error, setError] = useState<string | null>(null);
  const saveInterval = async (minutes: number) => {
    if (!Number.isFinite(minutes) || minutes < 0) return;
    try {
      await saveSettings({ syncIntervalMinutes: minutes });
      setError(null);
    } catch (e) {
      setError(message(e));
    }
  };
  const start = async (full: boolean) => {
    try {
      await syncNow(full);
      setError(null);
    } catch (e) {
      setError(message(e));
    }
  };
  return (
    <div className="card" data-section="sync">
      <h2>Sync</h2>
      <div className="actions">
        <button
          type="button"
          onClick={() => void start(false)}
          disabled={sync?.running === true}
          data-action="sync-now"
        >
          {sync?.running === true ? 'Syncing…' : 'Sync now'}
        </button>
        <button
          type="button"
          onClick={() => void start(true)}
          disabled={sync?.running === true}
          title="Fetch everything again and drop what the instance no longer has"
          data-action="sync-full"
        >
          Full sync
        </button>
      </div>
      {error !== null && <p className="notice error">{error}</p>}
      <p className="muted">
        Last complete sync: {formatAge(sync?.lastSyncedAt ?? null, { never: 'never', unknown: 'unknown' })}
      </p>
      {interval !== undefined && (
        <label className="field">
          <span>Sync every (minutes, 0 = only by hand and on reconnect)</span>
          <input
            type="number"
            min={0}
            max={1440}
            defaultValue={interval}
            onBlur={(e) => void saveInterval(Number(e.target.value))}
            data-field="syncIntervalMinutes"
          />
        </label>
      )}
      <ul className="progress-list">
        {(sync?.resources ?? []).map((r) => {
          const pct =
            r.total === null || r.total === 0
              ? r.state === 'done'
                ? 100
                : 0
              : Math.min(100, (100 * r.done) / r.total);
          return (
            <li key={r.resource} data-resource={r.resource} data-state={r.state}>
              <span className="res-name">
                {RESOURCE_LABELS[r.resource] ?? r.resource}
                <span className="res-age muted" data-synced-at={r.lastSyncedAt ?? ''}>
                  {r.lastSyncedAt === null
                    ? 'never synced'
                    : `synced ${formatAge(r.lastSyncedAt, { never: 'never', unknown: 'unknown' })}`}
                </span>
              </span>
              <progress max={100} value={pct} aria-label={`${r.resource} progress`} />
              <span className="res-count">
                {r.done}
                {r.total === null ? '' : ` / ${r.total}`}
              </span>
              {r.state === 'failed' && (
                <span className="res-failed" data-failed>
                  {r.message ?? 'failed'}
                </span>
              )}
              {r.found !== undefined && (
                <span className="res-found muted" data-found>
                  Found: {r.found}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function WarehouseCard({ settings }: { settings: SettingsView }) {
  const { warehouses, error: loadError } = useWarehouses();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card" data-section="warehouse">
      <h2>Terminal warehouse</h2>
      {(error ?? loadError) !== null && <p className="notice error">{error ?? loadError}</p>}
      <WarehouseSelect warehouses={warehouses} value={settings.warehouseId} onError={setError} />
    </div>
  );
}

/** One rule per line: `price 23.....{NNNDD}` (type, then the pattern of the 12 digits before the check digit). */
function LabelRulesCard({ rules }: { rules: readonly LabelRule[] }) {
  const shown = rules.map((r) => `${r.type} ${r.pattern}`).join('\n');
  const [text, setText] = useState(shown);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const save = async () => {
    const parsed: LabelRule[] = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      const [type = '', pattern = ''] = line.trim().split(/\s+/);
      if ((type !== 'price' && type !== 'weight' && type !== 'quantity') || pattern === '') {
        setNotice({
          tone: 'error',
          text: `Line ${i + 1}: write "price", "weight" or "quantity", then the pattern.`,
        });
        return;
      }
      parsed.push({ type, pattern });
    }
    try {
      const settings = await saveSettings({ labelRules: parsed });
      setNotice({ tone: 'ok', text: `Saved: ${settings.labelRules.length} rule(s).` });
    } catch (e) {
      setNotice({ tone: 'error', text: message(e) });
    }
  };
  return (
    <div className="card" data-section="label-rules">
      <h2>Price and weight labels</h2>
      <p className="muted">
        One rule per line, first match wins: <code>price 23.....{'{NNNDD}'}</code> = prefix 23, five product
        digits, a price of three integer and two decimal digits (the check digit follows).
      </p>
      <label className="field">
        <span>Rules</span>
        <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} data-field="labelRules" />
      </label>
      {notice !== null && (
        <p className={`notice ${notice.tone}`} role="status" data-label-rules-notice={notice.tone}>
          {notice.text}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void save()} data-action="save-label-rules">
          Save rules
        </button>
      </div>
    </div>
  );
}
