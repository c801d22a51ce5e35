// Two tills of one store on screen at 1024x768: web shells "pokladna1" and "pokladna2", each on its
// own data folder (synced, its shift open, warehouse 1, a walk-in customer, its own receipt prefix
// P1 / P2), one instance (the sim), one real nats-server hub they both join, each till in its own page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { runCli } from '../../main/cli/run.ts';
import { demoEnv } from '../support/fixtures.ts';
import { startTestHub, type TestHub } from '../support/nats-hub.ts';
import { tillUsers } from '../support/store-till.ts';
import {
  configureTill,
  openShift,
  type SimOptions,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
  twoPlainBarcodes,
} from '../support/terminal.ts';
import { launchChromium, startWebShellProcess, type RunningShell } from './browser.ts';
import { newPage } from './lang.ts';
import { tapCalls } from './call-tap.ts';

export interface StoreTills {
  readonly hub: TestHub;
  /** Till 1 ("pokladna1"), with the sim. */
  readonly one: SyncedTerminal;
  /** Till 2's ("pokladna2") data folder. */
  readonly twoDir: string;
  readonly page1: Page;
  readonly page2: Page;
  /** Two barcodes of plain items (EAN-13, not weighed, sold plainly, priced 50 to 1000). */
  readonly plain: readonly [string, string];
  /** The web shells of till 1 and till 2 (their logs: what each till's store hub link said). */
  readonly shells: readonly [RunningShell, RunningShell];
  /** Stops the shells, the browser, the sim and the hub, and removes till 2's folder. */
  stop(): Promise<void>;
}

const SIZE = { width: 1024, height: 768 };

/** `tapTwo`: till 2's page has its calls tapped from the start (call-tap.ts). */
export async function startStoreTills(
  name: string,
  sim: SimOptions = {},
  tapTwo = false,
): Promise<StoreTills> {
  const twoDir = mkdtempSync(join(tmpdir(), `counter-e2e-${name}-2-`));
  const hub = await startTestHub(tillUsers('pokladna1', 'pokladna2'), { shared: true });
  const one = await syncedTerminal(`${name}-1`, sim);
  // Till 2: the same instance, its own data folder, synced and its shift open.
  const twoEnv = demoEnv(one.sim.url, twoDir);
  await openShift(twoEnv);
  let out = '';
  const code = await runCli(['sync'], { stdout: (t) => (out += t), stderr: (t) => (out += t), env: twoEnv });
  if (code !== 0) throw new Error(`pos sync (till 2) failed: ${out}`);
  configureTill(one.dataDir, { receiptPrefix: 'P1' });
  configureTill(twoDir, { receiptPrefix: 'P2' });
  const hubEnv = (till: string) => ({ POS_STORE_HUB: hub.tillUrl(till) });
  const shells: [RunningShell, RunningShell] = await Promise.all([
    startWebShellProcess({ ...one.env, ...hubEnv('pokladna1') }),
    startWebShellProcess({ ...twoEnv, ...hubEnv('pokladna2') }),
  ]);
  const browser: Browser = await launchChromium();
  const page1 = await newPage(browser, { viewport: SIZE });
  const page2 = await newPage(browser, { viewport: SIZE });
  if (tapTwo) await tapCalls(page2);
  await page1.goto(shells[0].url);
  await page2.goto(shells[1].url);
  await page1.getByTestId('status-bar').waitFor();
  await page2.getByTestId('status-bar').waitFor();
  return {
    hub,
    one,
    twoDir,
    page1,
    page2,
    plain: twoPlainBarcodes(one.dataDir),
    shells,
    async stop() {
      await shells[1].stop();
      await stopAll(one, shells[0], browser);
      await hub.stop();
      rmSync(twoDir, { recursive: true, force: true });
    },
  };
}
