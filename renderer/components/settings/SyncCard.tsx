// Settings: sync now, cancel, a full sync, the interval, and a progress bar per resource with what
// each pass found (the core's words, by key where it has them).
import { NumberSetting } from './SettingsSave.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { spoken } from '../../i18n/spoken.ts';
import { message, useApp } from '../../store/app.ts';
import { cancelSync, saveSettings, syncNow } from '../../store/settings.ts';
import { useFormat } from '../use-format.ts';
import { Card } from '../Card.tsx';

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

export function SyncCard() {
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
    <Card title={t('syncTitle')} data-section="sync">
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
        <NumberSetting
          label={t('syncEvery')}
          name="syncIntervalMinutes"
          min={0}
          max={1440}
          value={interval}
          save={(minutes) => void saveInterval(minutes)}
        />
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
                  {r.message === undefined ? t('syncFailed') : spoken(r.messageSaid, r.message)}
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
    </Card>
  );
}
