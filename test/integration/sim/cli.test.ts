// `npm run sim` as a process: the listening line, a clean stop on SIGTERM, exit 2 on bad input.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../sim/testing.ts';

const node = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const cli = fileURLToPath(new URL('../../../sim/cli.ts', import.meta.url));

/**
 * Stops a sim started here with SIGTERM and waits for it: its clean stop removes the data folder it
 * made, which a SIGKILL would leave behind.
 */
async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

describe('sim CLI', () => {
  async function runUntilSignal(signal: NodeJS.Signals): Promise<number | null> {
    const child = spawn(
      node,
      [cli, '--port', '0', '--size', 'small', '--token-ttl', '2', '--view-exclude', 'brand'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const lines = createInterface({ input: child.stdout });
      const [first] = (await once(lines, 'line')) as [string];
      expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const base = first.slice('listening on '.length);
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok' });
      const form = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEMO.clientId,
        client_secret: DEMO.clientSecret,
      });
      const tokenReply = (await (
        await fetch(`${base}/connect/token`, { method: 'POST', body: form })
      ).json()) as { expires_in: number };
      expect(tokenReply.expires_in).toBe(2);
      // No control routes without --control: every local process could switch faults or edit data.
      expect((await fetch(`${base}/__sim/faults`)).status).toBe(404);
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      return code;
    } finally {
      await stopped(child);
    }
  }

  it('prints exactly the listening line when ready, serves, and stops cleanly on SIGTERM and SIGINT', async () => {
    const [term, int] = await Promise.all([runUntilSignal('SIGTERM'), runUntilSignal('SIGINT')]);
    expect(term).toBe(0);
    expect(int).toBe(0);
  });

  it('exits 2 with a clear message for invalid input', async () => {
    const runs = [['--size', 'huge'], ['--port', 'abc'], ['--token-ttl', '0'], ['--bogus']].map(
      async (args) => {
        const child = spawn(node, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const [code] = (await once(child, 'exit')) as [number | null];
        return { args: args.join(' '), code, stderr };
      },
    );
    for (const run of await Promise.all(runs)) {
      expect(run.code, run.args).toBe(2);
      expect(run.stderr).toMatch(/^sim: /);
      expect(run.stderr).toContain('usage: npm run sim');
    }
  });

  it('--view-exclude plays an instance whose stock-item view lacks the fields named', async () => {
    const child = spawn(
      node,
      [cli, '--port', '0', '--size', 'small', '--view-exclude', 'brand,supplierProductCode'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const lines = createInterface({ input: child.stdout });
      const [first] = (await once(lines, 'line')) as [string];
      const base = first.slice('listening on '.length);
      const form = new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEMO.clientId,
        client_secret: DEMO.clientSecret,
      });
      const { access_token: token } = (await (
        await fetch(`${base}/connect/token`, { method: 'POST', body: form })
      ).json()) as { access_token: string };
      const ask = (limitFields: string[]) =>
        fetch(`${base}/api/stock-items/filter-paginated`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ pageSize: 1, limitFields }),
        });
      const refused = await ask(['id', 'brand']);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("'brand'");
      expect((await ask(['id', 'productName'])).status).toBe(200);
    } finally {
      await stopped(child);
    }
  });
  /** /swagger of a sim started with this flag, as text. */
  async function swaggerWith(flag: string): Promise<string> {
    const child = spawn(node, [cli, '--port', '0', '--size', 'small', flag], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const [first] = (await once(lines, 'line')) as [string];
      return await (await fetch(`${first.slice('listening on '.length)}/swagger`)).text();
    } finally {
      await stopped(child);
    }
  }
  it('--no-duplicate-detection plays an instance that does not describe Idempotency-Key', async () => {
    const swagger = await swaggerWith('--no-duplicate-detection');
    expect(swagger).toContain('/api/documents/orders/internet');
    expect(swagger.toLowerCase()).not.toContain('idempotency-key');
  });
  it('--bare-swagger lists the paths with empty path items', async () => {
    const swagger = await swaggerWith('--bare-swagger');
    expect(swagger).toContain('"/api/documents/orders/internet":{}');
    expect(swagger).not.toContain('"post":');
  });
});
