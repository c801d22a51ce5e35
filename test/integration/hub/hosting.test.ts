// A till whose Settings say it hosts the store hub starts nats-server itself (from the installed
// binary), gives each of the store's other tills a password shown once, and joins it; another till
// joins with that password by POS_STORE_HUB; a device without one is refused. The hub listens where
// POS_STORE_HUB_LISTEN says (here loopback only: 127.0.0.1 answers, 127.0.0.2 does not, as it would
// on every interface). Real processes, the sim, no mock.
import { connect } from '@nats-io/transport-node';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubView, StoreShiftView } from '../../../contract/contract.ts';
import { listening } from '../../../main/hub/index.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { freePort } from '../../support/nats-hub.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

let host: SyncedCore;
let other: SyncedCore | undefined;
let port = 0;
const hostDir = sharedTempDir('hosting-host');

describe('a till that hosts the store hub', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    port = await freePort();
    host = await startSyncedCore({ dataDir: hostDir, env: { POS_STORE_HUB_LISTEN: '127.0.0.1' } });
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await host.close();
  });

  it('starts the hub, shows the other till its password once, and both see each other', async () => {
    const setting = host.call('hub.set', {
      url: null,
      till: 'pokladna1',
      hosts: true,
      port,
      tills: ['pokladna2'],
    }) as Promise<HubView>;
    // What Settings' card reads while the hosted server starts (it reads at every status event).
    const meanwhile: HubView[] = [];
    let set = false;
    void setting.finally(() => (set = true));
    // The core answers in this process: a turn of the event loop between reads lets the set go on.
    while (!set) {
      meanwhile.push((await host.call('hub.get', {})) as HubView);
      await sleep(20);
    }
    const saved = await setting;
    const password = saved.newPasswords?.find((p) => p.till === 'pokladna2')?.password;
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(saved.newPasswords?.map((p) => p.till)).toEqual(['pokladna2']);
    expect(meanwhile.length).toBeGreaterThan(0);
    expect(meanwhile.filter((v) => v.newPasswords !== undefined)).toEqual([]);
    // Settings hold no address: the form shows none (the till dials its own hub at its listen address).
    expect(saved.url).toBeNull();
    await expect.poll(async () => ((await host.call('hub.get', {})) as HubView).connected).toBe(true);
    // Never again.
    expect(JSON.stringify(await host.call('hub.get', {}))).not.toContain(password ?? '-');
    await expect(connect({ servers: `nats://127.0.0.1:${port}`, reconnect: false })).rejects.toThrow(
      /Authorization Violation/,
    );
    // Where POS_STORE_HUB_LISTEN says, and nowhere else (the rest of 127.0.0.0/8 is this machine too).
    expect(readFileSync(join(hostDir, 'store-hub', 'nats.conf'), 'utf8')).toContain(
      `listen: "127.0.0.1:${port}"`,
    );
    await expect(listening('127.0.0.1', port)).resolves.toBe(true);
    await expect(listening('127.0.0.2', port)).resolves.toBe(false);
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
