// The CLI as a user runs it: a real process, real exit statuses, stdout and stderr apart.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoEnv, sharedTempDir, simForTest } from '../../support/fixtures.ts';

const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
const dataDir = sharedTempDir('cli');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function pos(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      // A clean environment: no POS_* of the machine running the tests leaks in.
      { env: { PATH: process.env.PATH ?? '', HOME: dataDir, ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('pos CLI framework', () => {
  it('prints usage and exits 0 for --help, 2 without a command', async () => {
    const help = await pos(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: pos COMMAND');
    expect(help.stdout).toContain('version');
    const topic = await pos(['help', 'version']);
    expect(topic.code).toBe(0);
    expect(topic.stdout).toContain('Usage: pos version [--json]');
    const own = await pos(['version', '--help']);
    expect(own.code).toBe(0);
    expect(own.stdout).toBe(topic.stdout);
    const none = await pos([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('No command given');
  });

  it('exits 2 for an unknown command or option, with one JSON error under --json', async () => {
    const unknown = await pos(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const badOption = await pos(['version', '--frob', '--json']);
    expect(badOption.code).toBe(2);
    const doc = JSON.parse(badOption.stdout) as { error: { exitCode: number; message: string } };
    expect(doc.error.exitCode).toBe(2);
    expect(doc.error.message).toContain('--frob');
    const extra = await pos(['version', 'surplus']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('Unexpected argument "surplus"');
  });

  it('exits 3 naming what is missing or invalid, never echoing the secret', async () => {
    const missing = await pos(['version'], { POS_DATA_DIR: dataDir });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/POS_BASE_URL.*POS_CLIENT_ID.*POS_CLIENT_SECRET/);
    const half = await pos(['version', '--json'], {
      POS_BASE_URL: 'http://127.0.0.1:1',
      POS_DATA_DIR: dataDir,
    });
    expect(half.code).toBe(3);
    const doc = JSON.parse(half.stdout) as { error: { message: string } };
    expect(doc.error.message).toContain('POS_CLIENT_ID');
    expect(doc.error.message).not.toContain('POS_BASE_URL');
    const invalid = await pos(['version', '--base-url', 'ftp://x'], {
      POS_CLIENT_ID: 'a',
      POS_CLIENT_SECRET: 'very-secret-value',
    });
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toContain('--base-url');
    expect(invalid.stderr + invalid.stdout).not.toContain('very-secret-value');
  });

  it('exits 4 when the service cannot be reached', async () => {
    const port = await closedPort();
    const run = await pos(['version', '--json'], demoEnv(`http://127.0.0.1:${port}`));
    expect(run.code).toBe(4);
    const doc = JSON.parse(run.stdout) as { error: { exitCode: number; message: string } };
    expect(doc.error.exitCode).toBe(4);
    expect(doc.error.message).toContain(`The service at http://127.0.0.1:${port} could not be reached`);
    expect(run.stdout + run.stderr).not.toContain('counter-demo-secret');
  });

  it('version --json prints one JSON object with the instance version and capabilities', async () => {
    const sim = await simForTest({ missingOperations: ['scanShoppingSession'] });
    const env = demoEnv(sim.url, dataDir);
    const run = await pos(['version', '--json'], env);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({
      baseUrl: sim.url,
      version: '1.4.0',
      described: true,
      recognisesClientReference: true,
      endpoints: { stockItems: true, posScan: false },
    });
    const text = await pos(['version'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Version:     1.4.0');
    expect(text.stdout).toContain('Point-of-sale card scan');
    // Wrong secret: the service refuses the credentials, a configuration problem (3).
    const refused = await pos(['version'], { ...env, POS_CLIENT_SECRET: 'wrong-secret-123' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('refused the client credentials');
    expect(refused.stderr).not.toContain('wrong-secret-123');
  });
});
