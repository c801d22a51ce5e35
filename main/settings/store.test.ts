import { describe, expect, it, onTestFinished } from 'vitest';
import { tempDb } from '../../test/support/fixtures.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { MemoryCredentialStore } from './credentials.ts';
import { resolveInstance } from './instance.ts';
import { DEFAULT_SCANNER, SettingsStore } from './store.ts';

/** Counter's database on a new file of this test (closed and removed when it finishes). */
const fresh = (): { db: Db; file: string } => tempDb('settings');

describe('SettingsStore (real SQLite file)', () => {
  it('starts from defaults, persists what is written across reopen, never a secret', () => {
    const { db, file } = fresh();
    const store = new SettingsStore(db);
    expect(store.read()).toMatchObject({
      instanceUrl: null,
      clientId: null,
      warehouseId: null,
      scanner: DEFAULT_SCANNER,
    });
    store.write({ instanceUrl: 'https://shop.example', clientId: 'till-1', warehouseId: 3 });
    store.write({ scanner: { ...DEFAULT_SCANNER, maxGapMs: 40 } });
    db.close();
    const again = openDatabase(file);
    onTestFinished(() => void again.close());
    expect(new SettingsStore(again).read()).toMatchObject({
      instanceUrl: 'https://shop.example',
      clientId: 'till-1',
      warehouseId: 3,
      scanner: { maxGapMs: 40 },
    });
    const keys = again.prepare('SELECT key FROM setting').pluck().all();
    expect(keys.join(' ')).not.toMatch(/secret/i);
  });

  it('falls back to the default for a value that does not parse', () => {
    const { db } = fresh();
    db.prepare('INSERT INTO setting (key, value) VALUES (\'app.scanner\', \'{"maxGapMs":"fast"}\')').run();
    db.prepare("INSERT INTO setting (key, value) VALUES ('app.warehouseId', 'not json')").run();
    expect(new SettingsStore(db).read()).toMatchObject({ scanner: DEFAULT_SCANNER, warehouseId: null });
  });

  it('reads a scanner row from before layout, delivery and pauseMs were settings with their defaults, keeping the rest', () => {
    const { db, file } = fresh();
    const old = { maxGapMs: 40, minLength: 8, suffix: 'tab' as const, prefix: '#' };
    db.prepare("INSERT INTO setting (key, value) VALUES ('app.scanner', ?)").run(JSON.stringify(old));
    expect(new SettingsStore(db).read().scanner).toEqual({
      ...old,
      layout: 'us',
      delivery: 'keys-and-paste',
      pauseMs: 300,
    });
    // Written back whole, the new fields persist across reopen.
    new SettingsStore(db).write({ scanner: { ...old, layout: 'cs', delivery: 'paste', pauseMs: 250 } });
    db.close();
    const again = openDatabase(file);
    onTestFinished(() => void again.close());
    expect(new SettingsStore(again).read().scanner).toEqual({
      ...old,
      layout: 'cs',
      delivery: 'paste',
      pauseMs: 250,
    });
  });
});

describe('resolveInstance', () => {
  const settings = {
    instanceUrl: null,
    clientId: null,
    warehouseId: null,
    scanner: DEFAULT_SCANNER,
    syncIntervalMinutes: 15,
    labelRules: [],
    secretOrigin: null,
    allowInsecure: false,
  };

  it('is the demo with nothing configured, and POS_* wins over Settings', () => {
    const creds = new MemoryCredentialStore();
    expect(resolveInstance({}, settings, creds)).toEqual({ kind: 'demo' });
    creds.setSecret('from-settings');
    const configured = { ...settings, instanceUrl: 'https://a.example/', clientId: 'a' };
    expect(resolveInstance({}, configured, creds)).toMatchObject({
      kind: 'ready',
      config: {
        baseUrl: 'https://a.example',
        clientId: 'a',
        clientSecret: 'from-settings',
        source: 'settings',
      },
    });
    expect(
      resolveInstance(
        { POS_BASE_URL: 'https://b.example', POS_CLIENT_ID: 'b', POS_CLIENT_SECRET: 'env' },
        configured,
        creds,
      ),
    ).toMatchObject({
      kind: 'ready',
      config: { baseUrl: 'https://b.example', clientId: 'b', clientSecret: 'env', source: 'env' },
    });
  });

  it('names what is missing', () => {
    const r = resolveInstance(
      {},
      { ...settings, instanceUrl: 'https://a.example' },
      new MemoryCredentialStore(),
    );
    expect(r).toEqual({
      kind: 'incomplete',
      source: 'settings',
      baseUrl: 'https://a.example',
      missing: [{ key: 'missingClientId' }, { key: 'missingClientSecret' }],
    });
  });

  it('refuses plain http except for loopback, unless allowed on purpose', () => {
    const creds = new MemoryCredentialStore();
    creds.setSecret('s');
    const at = (instanceUrl: string, more: Partial<typeof settings> = {}) =>
      resolveInstance({}, { ...settings, instanceUrl, clientId: 'a', ...more }, creds);
    expect(at('http://erp.example.com')).toMatchObject({
      kind: 'incomplete',
      missing: [{ key: 'missingHttps' }],
    });
    expect(at('http://127.0.0.1:8080')).toMatchObject({ kind: 'ready' });
    expect(at('http://localhost:8080')).toMatchObject({ kind: 'ready' });
    expect(at('http://[::1]:8080')).toMatchObject({ kind: 'ready' });
    expect(at('http://erp.example.com', { allowInsecure: true })).toMatchObject({ kind: 'ready' });
    expect(
      resolveInstance(
        {
          POS_BASE_URL: 'http://erp.example.com',
          POS_CLIENT_ID: 'a',
          POS_CLIENT_SECRET: 's',
          POS_ALLOW_INSECURE: '1',
        },
        settings,
        creds,
      ),
    ).toMatchObject({ kind: 'ready' });
  });

  it('gives the stored secret only to the origin it was entered for', () => {
    const creds = new MemoryCredentialStore();
    creds.setSecret('s');
    const bound = { ...settings, clientId: 'a', secretOrigin: 'https://erp.example.com' };
    expect(
      resolveInstance({}, { ...bound, instanceUrl: 'https://ERP.example.com:443/' }, creds),
    ).toMatchObject({ kind: 'ready' });
    expect(
      resolveInstance({}, { ...bound, instanceUrl: 'https://erp.example.com.evil.test' }, creds),
    ).toMatchObject({
      kind: 'incomplete',
      missing: [{ key: 'missingClientSecretFor', values: { origin: 'https://erp.example.com.evil.test' } }],
    });
  });
});
