// The secret in any spelling (issue 34): an instance whose refusal of the token request echoes it
// back (the sim's echoTokenRequest variant: the form as sent, percent-encoded, as JSON and as HTTP
// Basic credentials) must not get the secret, in any of those spellings, into `pos order --json`,
// stderr, `pos outbox --json` or the data folder's SQLite files (read as bytes, WAL included).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, simForTest, tempDir } from '../../support/fixtures.ts';
import { orderDataAt } from './order-data.ts';

const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');

/** `pos ARGS` as its own process. */
function pos(
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: env.POS_DATA_DIR, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** Every way a request can carry the secret, written here independently of the code under test. */
function spellings(clientId: string, secret: string): string[] {
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const percent = encodeURIComponent(secret);
  const lower = (s: string): string => s.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
  return [
    secret,
    form,
    lower(form),
    percent,
    lower(percent),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(`${clientId}:${secret}`).toString('base64'),
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
  ];
}

/** The spellings found in `text` (a leak names how it was written). */
function leaked(text: string, clientId: string, secret: string): string[] {
  return spellings(clientId, secret).filter((s) => text.includes(s));
}

describe('the secret in any spelling', () => {
  // The secret, and one with a space (form-encoded `+`, percent-encoded `%20`).
  for (const secret of ['Zx9+k/Qw7=Rt&Lm#2', 'Zx9+k/Qw7=Rt&Lm#2 tajné "heslo"']) {
    it(`is in no output or store when the instance echoes the token request (${JSON.stringify(secret)})`, async () => {
      const sim = await simForTest({ echoTokenRequest: true });
      const data = await orderDataAt(sim.url);
      const dataDir = tempDir('secret-spellings');
      const file = join(dataDir, 'order.json');
      writeFileSync(
        file,
        JSON.stringify({
          customerId: data.customerId,
          warehouseId: data.warehouseId,
          items: [{ productId: data.productId, quantity: 1 }],
        }),
      );
      const env = {
        POS_BASE_URL: sim.url,
        POS_CLIENT_ID: DEMO.clientId,
        POS_CLIENT_SECRET: secret,
        POS_DATA_DIR: dataDir,
      };
      const order = await pos(env, ['order', file, '--json']);
      // The credentials are refused (the order is stored, queued): exit 3, and the instance's echo
      // was read (its words reached the output, the secret did not).
      expect(order.code, order.stderr).toBe(3);
      expect(order.stdout + order.stderr).toContain('[redacted]');
      const outbox = await pos(env, ['outbox', '--json']);
      expect(outbox.code, outbox.stderr).toBe(0);
      expect(outbox.stdout).toContain('queued');

      const files = readdirSync(dataDir).filter((name) => name.includes('.sqlite'));
      expect(files).toContain('counter.sqlite');
      const stored = files.map((name) => readFileSync(join(dataDir, name)).toString('latin1')).join('\n');
      const storedUtf8 = files.map((name) => readFileSync(join(dataDir, name)).toString('utf8')).join('\n');
      expect({
        orderStdout: leaked(order.stdout, DEMO.clientId, secret),
        orderStderr: leaked(order.stderr, DEMO.clientId, secret),
        outboxStdout: leaked(outbox.stdout, DEMO.clientId, secret),
        outboxStderr: leaked(outbox.stderr, DEMO.clientId, secret),
        sqlite: [...leaked(stored, DEMO.clientId, secret), ...leaked(storedUtf8, DEMO.clientId, secret)],
      }).toEqual({ orderStdout: [], orderStderr: [], outboxStdout: [], outboxStderr: [], sqlite: [] });
    }, 120_000);
  }
});
