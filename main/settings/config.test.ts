import { describe, expect, it } from 'vitest';
import { ConfigError, defaultDataDir, requireService, resolveConfig } from './config.ts';

const full = {
  POS_BASE_URL: 'http://127.0.0.1:8080/',
  POS_CLIENT_ID: 'counter-demo',
  POS_CLIENT_SECRET: 'counter-demo-secret',
  POS_DATA_DIR: '/tmp/counter-data',
};

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveConfig', () => {
  it('reads the environment and trims the trailing slash of the URL', () => {
    const config = resolveConfig({ env: full });
    expect(config.service).toEqual({
      baseUrl: 'http://127.0.0.1:8080',
      clientId: 'counter-demo',
      clientSecret: 'counter-demo-secret',
    });
    expect(config.dataDir).toBe('/tmp/counter-data');
    expect(config.dataDirSource).toBe('env');
  });

  it('lets flags override the environment', () => {
    const config = resolveConfig({
      env: full,
      flags: { 'base-url': 'https://shop.example.com/base', 'client-id': 'other', 'data-dir': '/tmp/x' },
    });
    expect(config.service?.baseUrl).toBe('https://shop.example.com/base');
    expect(config.service?.clientId).toBe('other');
    expect(config.service?.clientSecret).toBe('counter-demo-secret');
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.dataDirSource).toBe('flag');
  });

  it('has no service and a per-user data folder when nothing is set', () => {
    const config = resolveConfig({ env: {}, platform: 'linux', home: '/home/ann' });
    expect(config.service).toBeUndefined();
    expect(config.dataDirSource).toBe('default');
    expect(config.dataDir).toBe('/home/ann/.local/share/counter');
    // The data-home variables are read from the environment given, like the POS_* ones.
    const xdg = resolveConfig({ env: { XDG_DATA_HOME: '/data/ann' }, platform: 'linux', home: '/home/ann' });
    expect(xdg.dataDir).toBe('/data/ann/counter');
    const win = resolveConfig({ env: { APPDATA: 'C:/Users/ann/AppData/Roaming' }, platform: 'win32' });
    expect(win.dataDir).toContain('C:/Users/ann/AppData/Roaming/Counter');
    expect(() => requireService(config)).toThrow(/POS_BASE_URL.*POS_CLIENT_ID.*POS_CLIENT_SECRET/);
    expect(defaultDataDir('darwin', '/Users/ann')).toBe('/Users/ann/Library/Application Support/Counter');
  });

  it('names exactly what is missing from a half-configured instance', () => {
    const problems = problemsOf(() => resolveConfig({ env: { POS_BASE_URL: 'http://localhost:1' } }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('POS_CLIENT_ID (or --client-id)');
    expect(problems[0]).toContain('POS_CLIENT_SECRET (or --client-secret)');
    expect(problems[0]).not.toContain('POS_BASE_URL');
  });

  it('refuses URLs that are not http(s), and says why', () => {
    for (const url of ['ftp://host', 'not a url', 'http://user:pw@host', 'http://host/?x=1']) {
      const problems = problemsOf(() => resolveConfig({ env: { ...full, POS_BASE_URL: url } }));
      expect(problems.join(' '), url).toMatch(/POS_BASE_URL \(or --base-url\) must/);
    }
  });

  it('reports every invalid value at once without echoing the secret', () => {
    const secret = 'x'.repeat(1001);
    const problems = problemsOf(() =>
      resolveConfig({
        env: { ...full, POS_BASE_URL: 'ftp://h', POS_CLIENT_ID: 'has space', POS_CLIENT_SECRET: secret },
      }),
    );
    expect(problems).toHaveLength(3);
    expect(problems.join(' ')).not.toContain(secret);
  });
});
