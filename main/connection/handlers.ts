// The connection test (connection.test, connection.capabilities), one step after another: a token (a
// new one when `fresh`: the credentials are asked again), then the version and features (re-read
// when `fresh`), then the permissions Counter needs, each probed without writing (check.ts). A
// refused or unobtained token ends the test there: nothing else is listed as if it were fine.
import { english, say, type Said } from '../../contract/core-words.ts';
import { discoveredCompanyIds, stockedProductIds } from '../../db/catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { ConnectionView, PermissionCheck } from '../../contract/contract.ts';
import type { Handlers } from '../ground/index.ts';
import type { Capabilities, ConnectivityMonitor, ServiceClient } from '../service/index.ts';
import { displayInstance, type InstanceConfig, type InstanceResolution } from '../settings/instance.ts';
import { checkPermissions, featureViews, tokenFailure } from './check.ts';

/** The instance in use and what talks to it. */
export interface Connected {
  readonly instance: InstanceConfig;
  readonly client: ServiceClient;
  readonly monitor: ConnectivityMonitor | null;
  /** Its cache: ids the permission probes may use. */
  readonly db: Db;
}

export interface ConnectionDeps {
  /** The instance in use; null when none is (then the resolution says why). */
  connected(): Connected | null;
  resolution(): InstanceResolution;
  /** The instance's version, read by the test, for the status bar. */
  setVersion(version: string | undefined): void;
  /** Something the status bar shows may have changed. */
  changed(): void;
  /**
   * The permissions the test found (the status bar says when orders cannot be sent); answers them as
   * the test shows them (a probe known to say nothing on this instance is not shown as an answer).
   */
  permissionsFound(checks: PermissionCheck[], client: ServiceClient): PermissionCheck[];
  /** The failure as the UI is told it: its English and, for Counter's own words, their keys. */
  describe(error: unknown): { message: string; said?: readonly Said[] | undefined };
}

type ConnectionCalls = 'connection.test' | 'connection.capabilities';

export function connectionHandlers(deps: ConnectionDeps): Pick<Handlers, ConnectionCalls> {
  return {
    'connection.test': () => testConnection(deps, true),
    'connection.capabilities': () => testConnection(deps, false),
  };
}

async function testConnection(deps: ConnectionDeps, fresh: boolean): Promise<ConnectionView> {
  const link = deps.connected();
  if (link === null) {
    const r = deps.resolution();
    return {
      ok: false,
      instanceUrl: null,
      features: [],
      permissions: [],
      ...(r.kind === 'incomplete'
        ? { message: english(r.missing), messageSaid: r.missing }
        : { message: english([say('noInstance')]), messageSaid: [say('noInstance')] }),
    };
  }
  const { client, instance } = link;
  const instanceUrl = instance.baseUrl;
  try {
    await client.obtainToken({ fresh });
  } catch (error) {
    const token = tokenFailure(error, instance.clientId, displayInstance(instance.baseUrl));
    if (token.reason === 'unreachable') link.monitor?.report(false);
    return {
      ok: false,
      instanceUrl,
      token,
      features: [],
      permissions: [],
      message: token.message,
      ...(token.said === undefined ? {} : { messageSaid: token.said }),
    };
  }
  let caps: Capabilities | undefined;
  let failure: { message: string; said?: readonly Said[] | undefined } | undefined;
  try {
    // Fresh: the instance may have been upgraded since the link read its description.
    if (fresh) client.forgetCapabilities();
    caps = await client.capabilities();
    deps.setVersion(caps.version);
    link.monitor?.report(true);
    deps.changed();
  } catch (error) {
    failure = deps.describe(error);
  }
  const db = link.db;
  const found = await checkPermissions(client, {
    cachedProductId: () => stockedProductIds(db)[0],
    cachedCompanyId: () => discoveredCompanyIds(db)[0],
  });
  const permissions = deps.permissionsFound(found, client);
  const token = { obtained: true };
  if (caps === undefined) {
    return {
      ok: false,
      instanceUrl,
      token,
      features: [],
      permissions,
      ...(failure === undefined ? {} : { message: failure.message }),
      ...(failure?.said === undefined ? {} : { messageSaid: failure.said }),
    };
  }
  return {
    ok: true,
    instanceUrl,
    ...(caps.version === undefined ? {} : { version: caps.version }),
    ...(caps.name === undefined ? {} : { name: caps.name }),
    token,
    features: featureViews(caps),
    permissions,
  };
}
