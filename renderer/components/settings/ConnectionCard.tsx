// Settings: the connection test (token, instance and version, permissions, features), kept while the
// app runs (store/settings.ts). The words the core sends (a permission's or feature's detail, an error
// message) are said in the screens' language where they carry keys, otherwise as they came.
import { useTranslation } from 'react-i18next';
import type { ConnectionView, PermissionCheck } from '../../../contract/contract.ts';
import { spoken } from '../../i18n/spoken.ts';
import { testConnection, useConnectionTest } from '../../store/settings.ts';
import { useFormat } from '../use-format.ts';
import { Card } from '../Card.tsx';

export function ConnectionCard() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { info, error, busy, testedAt } = useConnectionTest();
  return (
    <Card title={t('connectionTitle')} data-section="connection">
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
    </Card>
  );
}

const MARK = { yes: '✓', no: '✗' } as const;

const PERMISSION_MARK: Readonly<Record<PermissionCheck['status'], string>> = {
  granted: MARK.yes,
  lacking: MARK.no,
  unknown: '?',
};

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

/**
 * One connection test, one block: a summary line, then the token, the instance and its version, the
 * permissions Counter needs and the features the instance offers. Without a token only the token is
 * shown: nothing else was asked, so nothing else is claimed.
 */
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
