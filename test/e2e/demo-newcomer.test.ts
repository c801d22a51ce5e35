// The built-in demo as a newcomer meets it (issue 34, point 8), in Czech at 1024x768 through the web
// shell with no instance configured (the default demo size, as `npm start` runs it): the walk-in
// customer is shown by its company's name, not a card's; the codes the README names to try are what
// it says they are, read with `pos scan --demo` and `pos stock --demo` beside the running app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run.ts';
import { ROOT } from '../../main/web/build.ts';
import { sharedTempDir } from '../support/fixtures.ts';
import { goTo, syncAll } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell, SIZES } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage } from './lang.ts';

const dataDir = sharedTempDir('e2e-demo-newcomer');
let shell: RunningShell;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [shell, browser] = await Promise.all([startWebShellProcess({ POS_DATA_DIR: dataDir }), launchChromium()]);
  page = await newPage(browser, { viewport: SIZES[0] });
  await page.goto(shell.url);
  await goTo(page, 'settings');
  await syncAll(page);
}, 180_000);

afterAll(async () => {
  await browser.close();
  await shell.stop();
});

screenshotOnFailure(() => page, 'demo-newcomer');

/** `pos ARGS --json` on the data folder the app runs on: its exit code and what it printed. */
async function pos(...args: string[]): Promise<{ code: number; json: unknown }> {
  let out = '';
  let err = '';
  const code = await runCli([...args, '--json'], {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    env: { POS_DATA_DIR: dataDir },
  });
  if (out.trim() === '') throw new Error(`pos ${args.join(' ')} printed nothing (exit ${code}): ${err}`);
  return { code, json: JSON.parse(out) as unknown };
}

/** The README's table of demo codes: each code and what it says it is. */
function readmeCodes(): { code: string; what: string }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/^\| `(\d{8,14})` +\| (.+?) +\|$/gm)].map((m) => ({
    code: m[1] ?? '',
    what: m[2] ?? '',
  }));
}

describe('the built-in demo for a newcomer', { timeout: 180_000 }, () => {
  it('shows the walk-in customer by its company, not by a card', async () => {
    // As a newcomer comes back to it: the page opened again once the demo's catalog is synced.
    await page.reload();
    await goTo(page, 'sale');
    const walkIn = page.locator('[data-walk-in-name]');
    await expect.poll(() => walkIn.textContent()).toContain('Vinotéka Kříž v.o.s.');
    expect(await walkIn.textContent()).not.toContain('Věrnostní karta');
    await screenshot(page, 'demo-newcomer-walk-in');
  });

  it("the README's codes are what it says, read with pos scan --demo and pos stock --demo", async () => {
    const codes = readmeCodes();
    expect(codes.length).toBeGreaterThanOrEqual(5);
    for (const { code, what } of codes) {
      const { json } = await pos('scan', '--demo', code);
      if (what.includes('customer card')) {
        const company = /card(?:: | \()([^,)]+)/.exec(what)?.[1];
        expect(json, code).toMatchObject({ kind: 'customer', valid: !what.includes('expired') });
        if (company !== undefined) expect(JSON.stringify(json), code).toContain(company);
      } else {
        expect(json, code).toMatchObject({ kind: 'product', stockItem: { warehouseId: 1 } });
        const name = /^(?:a scale's label: )?([^,:]+?)(?: \d|,|:)/.exec(what)?.[1] ?? what;
        expect((json as { stockItem: { productName: string } }).stockItem.productName, code).toContain(name);
      }
    }
    const weighed = await pos('scan', '--demo', '2100007012506');
    expect(weighed.json).toMatchObject({ quantity: 1.25 });
    const stock = await pos('stock', '--demo', '8591008000021');
    expect(stock.code).toBe(0);
    const names = (stock.json as { productName?: string }[]).map((i) => i.productName ?? '');
    expect(names.some((n) => n.includes('Šumavské pivo'))).toBe(true);
  });
});
