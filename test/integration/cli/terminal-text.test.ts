// What the instance sends reaches a person's terminal through `pos`: its escape sequences must not.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';

const cli = fileURLToPath(new URL('../../../main/cli/index.ts', import.meta.url));
/** Clears the screen, retitles the window, a one-byte CSI, a carriage return and a bidi override. */
const HOSTILE = 'Qwyzz \u001b[2J\u001b]0;pwned\u0007\u009b31m\rX\u202eevil';
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;

let sim: RunningSim;
const dataDir = sharedTempDir('cli-terminal');
let env: NodeJS.ProcessEnv;
let barcode: string;

function pos(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  env = { ...process.env, ...demoEnv(sim.url, dataDir) };
  const [first] = sim.admin.stockItems();
  if (first === undefined) throw new Error('the small sim has stock items');
  barcode = String(first['barcode']);
  sim.admin.mutateStockItem(Number(first['id']), { productName: HOSTILE });
  const synced = await pos(['sync']);
  expect(synced.status, synced.stdout + synced.stderr).toBe(0);
});

afterAll(async () => {
  await sim.close();
});

describe('pos prints what the instance sent without its control characters', () => {
  it('shows a product name with escape sequences as replacement marks; --json keeps it exact', async () => {
    const text = await pos(['stock', barcode]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('Qwyzz \ufffd[2J');
    expect(text.stdout).not.toMatch(CONTROL);

    const json = await pos(['stock', barcode, '--json']);
    const names = z.array(z.object({ productName: z.string() })).parse(JSON.parse(json.stdout));
    expect(names.map((n) => n.productName)).toContain(HOSTILE);
  });

  it("says an instance's refusal without its control characters", async () => {
    sim.faults.forceStatus({ status: 500, path: '^/api/version', message: HOSTILE });
    try {
      const run = await pos(['version']);
      expect(`${run.stdout}${run.stderr}`).toContain('Qwyzz');
      expect(run.stdout).not.toMatch(CONTROL);
      expect(run.stderr).not.toMatch(CONTROL);
    } finally {
      await sim.faults.reset();
    }
  });
});
