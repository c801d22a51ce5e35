// Settings' "Test connection" through the core, against the real sim over HTTP: the token step on its
// own (refused, unreachable), the version, and every permission Counter needs found granted, lacking
// (named) or unknown, by probes that store nothing at the instance.
import { createServer } from 'node:net';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { Core } from '../../../main/core/core.ts';
import { ConnectionView, type PermissionCheck } from '../../../contract/contract.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { DEMO, NONE, simForTest, tempDir, VIEWER } from '../../support/fixtures.ts';

/** The names Counter reports its needs under (the features list's names). */
const NEEDS = [
  'Stock items',
  'Warehouses',
  'Product units',
  'Company cards',
  'Company representatives',
  'Financial receivables',
  'Internet orders',
  'Card scan at the counter',
];

let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
  return () => sim.close();
});

/** A core on its own data folder, configured by POS_*; returns its "Test connection". */
async function coreTesting(
  clientId: string,
  clientSecret: string,
  url = sim.url,
): Promise<() => Promise<ConnectionView>> {
  const dataDir = tempDir('connection');
  const core = await Core.create({
    dataDir,
    credentials: new MemoryCredentialStore(),
    env: { POS_BASE_URL: url, POS_CLIENT_ID: clientId, POS_CLIENT_SECRET: clientSecret },
    autoSync: false,
    log: () => undefined,
  });
  onTestFinished(() => core.close());
  return async () => {
    const envelope = await core.invoke('connection.test', {});
    if (!envelope.ok) throw new Error(`connection.test failed: ${envelope.error.message}`);
    return ConnectionView.parse(envelope.value);
  };
}

async function testConnection(
  clientId: string,
  clientSecret: string,
  url = sim.url,
): Promise<ConnectionView> {
  return (await coreTesting(clientId, clientSecret, url))();
}

function byName(view: ConnectionView): Record<string, PermissionCheck> {
  return Object.fromEntries(view.permissions.map((p) => [p.name, p]));
}

describe('Test connection', () => {
  it('full role: token obtained, the version, every permission Counter needs granted, nothing stored', async () => {
    const ordersBefore = sim.admin.listOrders().length;
    const view = await testConnection(DEMO.clientId, DEMO.clientSecret);
    expect(view).toMatchObject({ ok: true, version: '1.4.0', token: { obtained: true } });
    expect(view.token?.message).toBeUndefined();
    expect(view.permissions.map((p) => p.name)).toEqual(NEEDS);
    expect(view.permissions.filter((p) => p.status !== 'granted')).toEqual([]);
    // SPEC.md names these; the others it leaves unsaid and a granted probe cannot learn them.
    expect(byName(view)['Stock items']?.permission).toBe('Permissions.StockItems.View');
    expect(byName(view)['Product units']?.permission).toBe('Permissions.Product.View');
    // The order probe was an empty POST the instance refused as invalid: no order was created.
    expect(byName(view)['Internet orders']?.detail).toContain('400');
    expect(byName(view)['Internet orders']?.detailSaid).toEqual([{ key: 'permEmptyRefused' }]);
    expect(sim.admin.listOrders().length).toBe(ordersBefore);
    expect(view.features.length).toBeGreaterThan(5);
  });

  it('restricted role: the lacking permission is named, the rest granted', async () => {
    const view = await testConnection(VIEWER.clientId, VIEWER.clientSecret);
    expect(view).toMatchObject({ ok: true, version: '1.4.0', token: { obtained: true } });
    const lacking = view.permissions.filter((p) => p.status === 'lacking');
    expect(lacking).toEqual([
      expect.objectContaining({ name: 'Internet orders', permission: 'Permissions.Orders.Create' }),
    ]);
    expect(lacking[0]?.detail).toContain('403');
    // The instance named the permission: its own words are not needed, Counter's are said by key.
    expect(lacking[0]?.detailSaid).toEqual([{ key: 'permAnswered403' }, { key: 'permOperatorCanAdd' }]);
    expect(view.permissions.filter((p) => p.status === 'granted')).toHaveLength(NEEDS.length - 1);
    expect(sim.admin.listOrders().length).toBe(0);
  });

  it('a role lacking a permission whose probe needs an id: units are asked with a product the service names', async () => {
    const all = [
      'Permissions.StockItems.View',
      'Permissions.ItemLists.View',
      'Permissions.Companies.View',
      'Permissions.FinancialReceivables.View',
      'Permissions.Orders.Create',
      'Permissions.PointOfSale.View',
    ];
    sim.admin.addClient({ clientId: 'no-products', clientSecret: 'no-products-secret', permissions: all });
    const view = await testConnection('no-products', 'no-products-secret');
    const units = byName(view)['Product units'];
    expect(units).toMatchObject({ status: 'lacking', permission: 'Permissions.Product.View' });
    expect(view.permissions.filter((p) => p.status !== 'granted')).toEqual([units]);
    expect(sim.admin.listOrders().length).toBe(0);
  });

  it('no permission at all: each need lacking, the ids it needs unknown, the instance names what it asks', async () => {
    const view = await testConnection(NONE.clientId, NONE.clientSecret);
    expect(view).toMatchObject({ ok: true, token: { obtained: true } });
    const checks = byName(view);
    // Without stock items and representatives no id is known to ask units and cards with.
    expect(checks['Product units']).toMatchObject({ status: 'unknown' });
    expect(checks['Company cards']).toMatchObject({ status: 'unknown' });
    expect(checks['Product units']?.detail).toContain('needs a product id');
    expect(checks['Product units']?.detailSaid).toEqual([{ key: 'permNeedsProductId' }]);
    expect(checks['Company cards']?.detailSaid).toEqual([{ key: 'permNeedsCompanyId' }]);
    const lacking = view.permissions.filter((p) => p.status === 'lacking');
    expect(lacking.map((p) => p.name)).toEqual(
      NEEDS.filter((n) => n !== 'Product units' && n !== 'Company cards'),
    );
    // Where SPEC.md shows no name, the instance's 403 gives it.
    expect(checks['Warehouses']?.permission).toBe('Permissions.ItemLists.View');
    expect(checks['Card scan at the counter']?.permission).toBe('Permissions.PointOfSale.View');
  });

  it('asks the token endpoint on every test: a secret rotated since the last token is noticed', async () => {
    sim.admin.addClient({ clientId: 'rotating', clientSecret: 'first-secret', permissions: [] });
    const test = await coreTesting('rotating', 'first-secret');
    const before = sim.admin.tokenRequestCount('rotating');
    expect(await test()).toMatchObject({ token: { obtained: true } });
    expect(sim.admin.tokenRequestCount('rotating')).toBe(before + 1);
    // The operator rotates the secret; the token this terminal holds is still valid.
    sim.admin.addClient({ clientId: 'rotating', clientSecret: 'second-secret', permissions: [] });
    expect(await test()).toMatchObject({ ok: false, token: { obtained: false, reason: 'refused' } });
    expect(sim.admin.tokenRequestCount('rotating')).toBe(before + 2);
  });

  it('wrong secret: token refused, said as such, and nothing else listed', async () => {
    const view = await testConnection(DEMO.clientId, 'not-the-secret');
    expect(view).toMatchObject({
      ok: false,
      token: { obtained: false, reason: 'refused' },
      features: [],
      permissions: [],
    });
    expect(view.token?.message).toMatch(/^Token refused: .*"counter-demo".*401/);
    expect(view.message).toBe(view.token?.message);
    // Counter's words by key for the screens' language; the instance's answer is a value in them.
    expect(view.token?.said?.map((s) => s.key)).toEqual(['tokenRefused', 'instanceAnswered']);
    expect(view.token?.said?.[0]?.values).toEqual({ clientId: 'counter-demo' });
    expect(view.messageSaid).toEqual(view.token?.said);
    expect(view.version).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain('not-the-secret');
  });

  it('unreachable instance: token not obtained, said as such', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    const view = await testConnection(DEMO.clientId, DEMO.clientSecret, `http://127.0.0.1:${port}`);
    expect(view).toMatchObject({
      ok: false,
      token: { obtained: false, reason: 'unreachable' },
      permissions: [],
    });
    expect(view.token?.message).toMatch(/^Token not obtained: .* could not be reached/);
    // Why, by key (the system's code a value): no English transport detail reaches the screen.
    expect(view.token?.said).toEqual([
      { key: 'tokenUnreachable', values: { url: `127.0.0.1:${port}` } },
      { key: 'whyRefused', values: { code: 'ECONNREFUSED' } },
    ]);
  });

  it('an older release without the scan endpoint: that need is unknown, said why', async () => {
    const older = await simForTest({ missingOperations: ['scanShoppingSession'] });
    const view = await testConnection(DEMO.clientId, DEMO.clientSecret, older.url);
    expect(byName(view)['Card scan at the counter']).toMatchObject({ status: 'unknown' });
    expect(byName(view)['Card scan at the counter']?.detail).toContain('not available on this instance');
    expect(byName(view)['Card scan at the counter']?.detailSaid).toEqual([{ key: 'permNotOnInstance' }]);
    expect(view.features.find((f) => f.name === 'Card scan at the counter')).toMatchObject({
      available: false,
      detail: 'Point-of-sale card scan is not available on this instance',
      detailSaid: { key: 'featureNotOnInstance' },
    });
    expect(view.permissions.filter((p) => p.status !== 'granted')).toHaveLength(1);
  });
});
