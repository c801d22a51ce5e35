// A restarted web shell keeps no secret (it lived in memory only): the instance is up, but nothing can
// be asked of it. The status bar says what is missing and where to put it, in Czech at 1024x768,
// never "offline" (issue 34, point 8); a click opens Settings.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { DEMO, sharedTempDir } from '../support/fixtures.ts';
import { statusBar } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell, SIZES } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage, say } from './lang.ts';

const dataDir = sharedTempDir('e2e-secret-missing');
let sim: RunningSim;
let shell: RunningShell;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
  // The instance and the client id as Settings keeps them; the secret gone with the last process.
  [shell, browser] = await Promise.all([
    startWebShellProcess({ POS_DATA_DIR: dataDir, POS_BASE_URL: sim.url, POS_CLIENT_ID: DEMO.clientId }),
    launchChromium(),
  ]);
  page = await newPage(browser, { viewport: SIZES[0] });
  await page.goto(shell.url);
}, 120_000);

afterAll(async () => {
  await browser.close();
  await shell.stop();
  await sim.close();
});

screenshotOnFailure(() => page, 'secret-missing');

describe('a web shell without its secret', () => {
  it('says the secret is missing and where it goes, not offline', async () => {
    const pill = statusBar(page).locator('[data-secret-missing]');
    await expect.poll(() => pill.textContent()).toBe(say('common:secretMissing'));
    expect(await statusBar(page).textContent()).not.toContain(say('common:offline'));
    await screenshot(page, 'secret-missing-status');
    await pill.click();
    await page.getByTestId('settings').waitFor();
  });
});
