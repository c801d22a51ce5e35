// A till started with a POS_STORE_HUB_LISTEN that is no IPv4 or IPv6 address is refused before
// anything opens (no data folder, no database, no hub), naming the variable and what is wrong; so is
// `pos return` (which joins the hub) with it or a malformed POS_STORE_HUB: exit 3, configuration.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../../../main/core/core.ts';
import { HubConfigError } from '../../../main/hub/index.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { tempDir } from '../../support/fixtures.ts';

describe('POS_STORE_HUB_LISTEN at start', () => {
  it('refuses an address that is none, naming the variable, before the data folder is made', async () => {
    const dataDir = join(tempDir('listen-env'), 'data');
    const start = Core.create({
      dataDir,
      credentials: new MemoryCredentialStore(),
      env: { POS_STORE_HUB_LISTEN: 'shop-lan' },
    });
    await expect(start).rejects.toThrow(HubConfigError);
    await expect(start).rejects.toThrow(
      /POS_STORE_HUB_LISTEN must be an IPv4 or IPv6 address .* not "shop-lan"/,
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});

/** `pos return P1-000001 [ARGS] --json` on an empty data folder with `env` added. */
function posReturn(
  dataDir: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, 'return', 'P1-000001', ...args, '--json'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: dataDir, POS_DATA_DIR: dataDir, ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('pos return with a hub variable that is wrong', { timeout: 90_000 }, () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      'no address',
      { POS_STORE_HUB_LISTEN: 'shop-lan' },
      /POS_STORE_HUB_LISTEN must be an IPv4 or IPv6 address/,
    ],
    [
      'link-local',
      { POS_STORE_HUB_LISTEN: 'fe80::1' },
      /POS_STORE_HUB_LISTEN "fe80::1" is an IPv6 link-local/,
    ],
    [
      'no hub URL',
      { POS_STORE_HUB: 'http://till1:pw@hub:4222' },
      /POS_STORE_HUB must be nats:\/\/TILL:PASSWORD@HOST:PORT/,
    ],
  ];
  it.each(cases)(
    "refuses it (%s) as configuration, naming it, before the till's database is opened",
    async (_, env, says) => {
      const dataDir = join(tempDir('listen-env-cli'), 'data');
      mkdirSync(dataDir, { recursive: true });
      const run = await posReturn(dataDir, env);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toMatch(says);
      const answer = JSON.parse(run.stdout) as { error: { exitCode: number; message: string } };
      expect(answer.error).toMatchObject({ exitCode: 3, message: expect.stringMatching(says) as unknown });
      expect(existsSync(join(dataDir, 'counter.sqlite'))).toBe(false);
    },
  );
});

describe('pos return --hub-wait', { timeout: 90_000 }, () => {
  it.each([
    ['0', /--hub-wait must be at least 1/],
    ['ten', /--hub-wait .*"ten"/],
  ])("refuses %s as usage, naming it, before the till's database is opened", async (given, says) => {
    const dataDir = join(tempDir('hub-wait-cli'), 'data');
    mkdirSync(dataDir, { recursive: true });
    const run = await posReturn(dataDir, {}, ['--hub-wait', given]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(says);
    expect(existsSync(join(dataDir, 'counter.sqlite'))).toBe(false);
  });
});
