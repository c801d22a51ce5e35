// A till whose Settings say it hosts the store hub starts nats-server itself (from the installed
// binary), gives each of the store's other tills a password shown once, and joins it; another till
// joins with that password by POS_STORE_HUB; a device without one is refused. Real processes, the
// sim, no mock.
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubView, StoreShiftView } from '../../../contract/contract.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { freePort } from '../../support/nats-hub.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

let host: SyncedCore;
let other: SyncedCore | undefined;
let port = 0;

describe('a till that hosts the store hub', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    port = await freePort();
    host = await startSyncedCore({ dataDir: sharedTempDir('hosting-host') });
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await host.close();
  });

  it('starts the hub, shows the other till its password once, and both see each other', async () => {
    const saved = (await host.call('hub.set', {
      url: null,
      till: 'pokladna1',
      hosts: true,
      port,
      tills: ['pokladna2'],
    })) as HubView;
    const password = saved.newPasswords?.find((p) => p.till === 'pokladna2')?.password;
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(saved.newPasswords?.map((p) => p.till)).toEqual(['pokladna2']);
    await expect.poll(async () => ((await host.call('hub.get', {})) as HubView).connected).toBe(true);
    // Never again.
    expect(JSON.stringify(await host.call('hub.get', {}))).not.toContain(password ?? '-');
    await expect(connect({ servers: `nats://127.0.0.1:${port}`, reconnect: false })).rejects.toThrow(
      /Authorization Violation/,
    );
    other = await startSyncedCore({
      dataDir: sharedTempDir('hosting-other'),
      env: { POS_STORE_HUB: `nats://pokladna2:${password ?? ''}@127.0.0.1:${port}` },
    });
    await expect
      .poll(async () => ((await host.call('store.shifts', {})) as StoreShiftView).tills.map((t) => t.till), {
        timeout: 30_000,
      })
      .toEqual(['pokladna1', 'pokladna2']);
  });
});
