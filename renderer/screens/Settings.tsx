// Settings: the screens' language and the prices' currency, the instance and its credentials (the
// secret is write-only), the terminal's warehouse, the scanner with a test pad, sync with a progress
// bar per resource, the connection test (token, version, permissions, features). The words the core
// sends (a permission's or feature's detail, what a sync found, error messages) are shown as they came.
import { spoken } from '../i18n/spoken.ts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ConnectionView, LabelRule, PermissionCheck, SettingsView } from '../../contract/contract.ts';
import { useFormat } from '../components/use-format.ts';
import { message, useApp } from '../store/app.ts';
import {
  cancelSync,
  saveInstance,
  saveSettings,
  syncNow,
  testConnection,
  useConnectionTest,
} from '../store/settings.ts';
import { ScannerCard } from '../components/settings/ScannerCard.tsx';
import { LanguageCard } from '../components/settings/LanguageCard.tsx';
import { PriceCurrencyCard } from '../components/settings/PriceCurrencyCard.tsx';
import { WalkInCustomerCard } from '../components/settings/WalkInCustomerCard.tsx';
import { ManagerPinCard } from '../components/settings/ManagerPinCard.tsx';
import { ReceiptSettings } from '../components/settings/ReceiptSettings.tsx';
import { useWarehouses, WarehouseSelect } from '../components/WarehousePicker.tsx';
import { plainResult, type CardResult } from '../components/settings/card-result.ts';

export function Settings() {
  const { t } = useTranslation('settings');
  const settings = useApp((s) => s.settings);
  return (
    <section className="settings" data-testid="settings" aria-label={t('settings')}>
      <div className="settings-grid">
        {settings !== null && <LanguageCard settings={settings} />}
        {settings !== null && <PriceCurrencyCard settings={settings} />}
        {settings === null ? <p>{t('loading')}</p> : <InstanceForm settings={settings} />}
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

const URL_EXAMPLE = 'https://shop.example.com';

function InstanceForm({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [url, setUrl] = useState(settings.instanceUrl ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [allowInsecure, setAllowInsecure] = useState(settings.allowInsecure);
  const [result, setResult] = useState<(CardResult & { fields?: Record<string, string[]> }) | null>(null);
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
      setResult({ tone: 'ok', text: (t) => t('saved') });
    } catch (error) {
      const fields =
        error instanceof Error && 'fieldErrors' in error
          ? (error.fieldErrors as Record<string, string[]>)
          : undefined;
      setResult({ ...plainResult('error', message(error)), ...(fields === undefined ? {} : { fields }) });
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
      <h2>{t('instanceTitle')}</h2>
      <p className="muted" data-source={settings.source}>
        {settings.source === 'demo'
          ? t('sourceDemo')
          : settings.source === 'env'
            ? t('sourceEnv')
            : t('sourceSettings')}
      </p>
      <label className="field">
        <span>{t('instanceUrl')}</span>
        <input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={URL_EXAMPLE}
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
        <span>{t('clientId')}</span>
        <input
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
          autoComplete="off"
          data-field="clientId"
        />
      </label>
      <label className="field">
        <span>{t('clientSecret')}</span>
        <input
          type="password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          autoComplete="new-password"
          placeholder={settings.hasSecret ? t('secretPlaceholderStored') : t('secretPlaceholderNone')}
          data-field="clientSecret"
        />
        <span className="muted" data-has-secret={String(settings.hasSecret)}>
          {settings.hasSecret
            ? settings.secretStorage === 'safeStorage'
              ? t('secretSafeStorage')
              : settings.secretStorage === 'env'
                ? t('secretEnv')
                : t('secretSession')
            : t('secretNone')}
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={allowInsecure}
          onChange={(e) => setAllowInsecure(e.target.checked)}
          data-field="allowInsecure"
        />
        <span>{t('allowInsecure')}</span>
      </label>
      <div className="actions">
        <button type="submit" className="primary" data-action="save-instance">
          {t('save')}
        </button>
        {settings.hasSecret && settings.secretStorage !== 'env' && (
          <button type="button" onClick={() => void saveInstance({ clearSecret: true })}>
            {t('forgetSecret')}
          </button>
        )}
      </div>
      {result !== null && <p className={`notice ${result.tone}`}>{result.text(t)}</p>}
    </form>
  );
}

function ConnectionCard() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { info, error, busy, testedAt } = useConnectionTest();
  return (
    <div className="card" data-section="connection">
      <h2>{t('connectionTitle')}</h2>
      <button
        type="button"
        onClick={() => void testConnection()}
        disabled={busy}
        data-action="test-connection"
      >
        {busy ? t('testing') : t('testConnection')}
      </button>
      {testedAt !== null && (
        <p className="muted" data-tested-at={testedAt}>
          {t('testedAt', { time: format.time(testedAt) })}
        </p>
      )}
      {error !== null && <p className="notice error">{error}</p>}
      {info !== null && <ConnectionResult info={info} />}
    </div>
  );
}

const MARK = { yes: '✓', no: '✗' } as const;

const PERMISSION_MARK: Readonly<Record<PermissionCheck['status'], string>> = {
  granted: MARK.yes,
  lacking: MARK.no,
  unknown: '?',
};

/**
 * One connection test, one block: a summary line, then the token, the instance and its version, the
 * permissions Counter needs and the features the instance offers. Without a token only the token is
 * shown: nothing else was asked, so nothing else is claimed.
 */
/** Why no token came, in the screens' words (the reason's own name is the contract's, for tests). */
const TOKEN_REASON = {
  refused: 'tokenRefused',
  unreachable: 'tokenUnreachable',
  'rate-limited': 'tokenRateLimited',
  failed: 'tokenFailed',
} as const satisfies Record<NonNullable<NonNullable<ConnectionView['token']>['reason']>, string>;

/** A feature's or permission's name in the screens' language (the core's English where it has no key). */
function nameOf(item: { name: string; nameSaid?: ConnectionView['features'][number]['nameSaid'] }): string {
  return spoken(item.nameSaid === undefined ? undefined : [item.nameSaid], item.name);
}

function ConnectionResult({ info }: { info: ConnectionView }) {
  const { t } = useTranslation('settings');
  const { locale } = useFormat();
  const count = (status: PermissionCheck['status']) =>
    info.permissions.filter((p) => p.status === status).length;
  const [granted, unknown] = [count('granted'), count('unknown')];
  const lacking = info.permissions.filter((p) => p.status === 'lacking');
  const tone = !info.ok ? 'error' : lacking.length > 0 ? 'warn' : 'ok';
  const total = info.permissions.length;
  // The permissions' names are the core's words; "a and b" is the language's own list.
  const what = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    lacking.map((p) => nameOf(p).toLowerCase()),
  );
  const summary = !info.ok
    ? info.message === undefined
      ? t('notConnected')
      : spoken(info.messageSaid, info.message)
    : lacking.length > 2
      ? t('connectedLacksMany', { lacking: lacking.length, total })
      : lacking.length > 0
        ? t('connectedLacksFor', { what })
        : unknown > 0
          ? t('connectedSomeUnknown', { granted, total, unknown })
          : t('connectedAll');
  return (
    <div className="connection-result" data-connection-result>
      <p className={`notice ${tone}`} data-connection-ok={String(info.ok)}>
        {summary}
      </p>
      {info.token !== undefined && (
        <dl className="connection-steps">
          <dt>{t('token')}</dt>
          <dd
            className={info.token.obtained ? 'ok' : 'off'}
            data-token-obtained={String(info.token.obtained)}
            data-token-reason={info.token.reason ?? ''}
          >
            {info.token.obtained
              ? t('tokenObtained')
              : t('tokenNotObtained', { reason: t(TOKEN_REASON[info.token.reason ?? 'failed']) })}
          </dd>
          {info.token.obtained && (
            <>
              <dt>{t('instance')}</dt>
              <dd>{info.name ?? t('notReported')}</dd>
              <dt>{t('version')}</dt>
              <dd data-instance-version={info.version ?? ''}>{info.version ?? t('notReported')}</dd>
            </>
          )}
        </dl>
      )}
      {info.permissions.length > 0 && (
        <>
          <h3>
            {t('permissions')}
            <span className="muted">{t('permissionsGranted', { granted, total })}</span>
          </h3>
          <ul className="permissions">
            {info.permissions.map((p) => (
              <li
                key={p.name}
                className={p.status}
                data-permission={p.name}
                data-status={p.status}
                title={p.detail === undefined ? undefined : spoken(p.detailSaid, p.detail)}
              >
                <span className="mark">{PERMISSION_MARK[p.status]}</span>
                <span>
                  {nameOf(p)}
                  {p.status !== 'granted' && (
                    <span className="status">
                      {p.status === 'lacking' ? t('permissionLacking') : t('permissionUnknown')}
                    </span>
                  )}
                  {p.permission !== undefined && <code>{p.permission}</code>}
                  {p.status !== 'granted' && p.detail !== undefined && (
                    <span className="detail">{spoken(p.detailSaid, p.detail)}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {info.features.length > 0 && (
        <>
          <h3>{t('features')}</h3>
          <ul className="features">
            {info.features.map((f) => (
              <li key={f.name} className={f.available ? 'ok' : 'off'} data-feature={f.name}>
                {f.available ? MARK.yes : MARK.no} {nameOf(f)}
                {f.detail === undefined
                  ? ''
                  : ` - ${spoken(f.detailSaid === undefined ? undefined : [f.detailSaid], f.detail)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const RESOURCE_LABELS = {
  warehouses: 'resourceWarehouses',
  stockItems: 'resourceStockItems',
  productUnits: 'resourceProductUnits',
  companyRepresentatives: 'resourceCompanyRepresentatives',
  financialReceivables: 'resourceFinancialReceivables',
  companyCards: 'resourceCompanyCards',
} as const;

function isKnownResource(resource: string): resource is keyof typeof RESOURCE_LABELS {
  return resource in RESOURCE_LABELS;
}

function SyncCard() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const label = (resource: string) => (isKnownResource(resource) ? t(RESOURCE_LABELS[resource]) : resource);
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
  const cancel = async () => {
    try {
      await cancelSync();
      setError(null);
    } catch (e) {
      setError(message(e));
    }
  };
  const running = sync?.running === true;
  const cancelling = sync?.cancelling === true;
  return (
    <div className="card" data-section="sync">
      <h2>{t('syncTitle')}</h2>
      <div className="actions">
        <button
          type="button"
          onClick={() => void start(false)}
          disabled={sync?.running === true}
          data-action="sync-now"
        >
          {sync?.running === true ? t('syncing') : t('syncNow')}
        </button>
        <button
          type="button"
          onClick={() => void cancel()}
          disabled={!running || cancelling}
          title={t('cancelSyncHint')}
          data-action="sync-cancel"
        >
          {cancelling ? t('cancellingSync') : t('cancelSync')}
        </button>
        <button
          type="button"
          onClick={() => void start(true)}
          disabled={sync?.running === true}
          title={t('fullSyncHint')}
          data-action="sync-full"
        >
          {t('fullSync')}
        </button>
      </div>
      {error !== null && <p className="notice error">{error}</p>}
      {sync?.runningElsewhere !== undefined && (
        <p className="notice" data-sync-elsewhere>
          {t('syncElsewhere', { age: format.age(sync.runningElsewhere.startedAt) })}
        </p>
      )}
      <p className="muted">{t('lastCompleteSync', { age: format.age(sync?.lastSyncedAt ?? null) })}</p>
      {interval !== undefined && (
        <label className="field">
          <span>{t('syncEvery')}</span>
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
          // Under way with no count yet (its first page not in): an indeterminate bar, not an empty one.
          const indeterminate = r.state === 'running' && r.total === null;
          return (
            <li key={r.resource} data-resource={r.resource} data-state={r.state}>
              <span className="res-name">
                {label(r.resource)}
                <span className="res-age muted" data-synced-at={r.lastSyncedAt ?? ''}>
                  {r.lastSyncedAt === null
                    ? t('neverSynced')
                    : t('syncedAgo', { age: format.age(r.lastSyncedAt) })}
                </span>
              </span>
              <progress
                max={100}
                {...(indeterminate ? {} : { value: pct })}
                aria-label={t('progress', { resource: label(r.resource) })}
              />
              <span className="res-count">
                {r.done}
                {r.total === null ? '' : ` / ${r.total}`}
              </span>
              {r.state === 'failed' && (
                <span className="res-failed" data-failed>
                  {r.message ?? t('syncFailed')}
                </span>
              )}
              {r.state === 'cancelled' && (
                <span className="res-cancelled muted" data-cancelled>
                  {t('syncCancelled')}
                </span>
              )}
              {r.found !== undefined && (
                <span className="res-found muted" data-found>
                  {t('found', { found: spoken(r.foundSaid, r.found, '; ') })}
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
  const { t } = useTranslation('settings');
  const { warehouses, error: loadError } = useWarehouses();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card" data-section="warehouse">
      <h2>{t('warehouseTitle')}</h2>
      {(error ?? loadError) !== null && <p className="notice error">{error ?? loadError}</p>}
      <WarehouseSelect warehouses={warehouses} value={settings.warehouseId} onError={setError} />
    </div>
  );
}

/** One rule per line: `price 23.....{NNNDD}` (type, then the pattern of the 12 digits before the check digit). */
function LabelRulesCard({ rules }: { rules: readonly LabelRule[] }) {
  const { t } = useTranslation('settings');
  const shown = rules.map((r) => `${r.type} ${r.pattern}`).join('\n');
  const [text, setText] = useState(shown);
  const [result, setResult] = useState<CardResult | null>(null);
  const save = async () => {
    const parsed: LabelRule[] = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      const [type = '', pattern = ''] = line.trim().split(/\s+/);
      if ((type !== 'price' && type !== 'weight' && type !== 'quantity') || pattern === '') {
        setResult({
          tone: 'error',
          text: (t) => t('labelRuleWrong', { line: i + 1 }),
        });
        return;
      }
      parsed.push({ type, pattern });
    }
    try {
      const settings = await saveSettings({ labelRules: parsed });
      setResult({ tone: 'ok', text: (t) => t('labelRulesSaved', { count: settings.labelRules.length }) });
    } catch (e) {
      setResult(plainResult('error', message(e)));
    }
  };
  return (
    <div className="card" data-section="label-rules">
      <h2>{t('labelRulesTitle')}</h2>
      <p className="muted">
        <Trans t={t} i18nKey="labelRulesHelp" components={{ code: <code /> }} />
      </p>
      <label className="field">
        <span>{t('labelRules')}</span>
        <textarea rows={4} value={text} onChange={(e) => setText(e.target.value)} data-field="labelRules" />
      </label>
      {result !== null && (
        <p className={`notice ${result.tone}`} role="status" data-label-rules-notice={result.tone}>
          {result.text(t)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void save()} data-action="save-label-rules">
          {t('saveRules')}
        </button>
      </div>
    </div>
  );
}
