// Settings → Store hub saved on screen (issue 38), at 1024x768 in the run's language: a fresh web-shell
// till with no hub is made the store's hub (it hosts nats-server on a free port) with one other till,
// "pokladna2", behind the manager PIN. The card says it saved and shows pokladna2's new password:
// the core makes it and hands it over this once (main/areas/hub.ts forgets it after the answer), so a
// card that loses it leaves the manager no way to read it again. It stays shown while the card reads
// the hub again at each status event (the till connecting to its own hub sends some).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.ts';
import { freshTerminal, stopAll, type SyncedTerminal } from '../support/terminal.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { goTo, setManagerPin } from './app.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage, say } from './lang.ts';

const PIN = '8642';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;

/** The hosted nats-server's pid (its pid file in the data folder), read while it runs. */
let hubPid: number | undefined;

beforeAll(async () => {
  terminal = await freshTerminal('store-hub-save');
  // The hub it hosts listens on loopback only (a store's listens on its LAN: POS_STORE_HUB_LISTEN).
  const env = { ...terminal.env, POS_STORE_HUB_LISTEN: '127.0.0.1' };
  const [started, chromium] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  [shell, browser] = [started, chromium];
  page = await newPage(chromium, { viewport: { width: 1024, height: 768 } });
  await page.goto(started.url);
  await page.getByTestId('status-bar').waitFor();
}, 180_000);

afterAll(async () => {
  // The shell stops its hub's server as it stops (core.close); a server left running is this test's.
  await stopAll(terminal, shell, browser);
  if (hubPid !== undefined && running(hubPid)) {
    process.kill(hubPid, 'SIGKILL');
    throw new Error(`the hosted nats-server (pid ${hubPid}) outlived the shell`);
  }
});

screenshotOnFailure(
  () => page,
  'store-hub-save',
  () => shell,
);

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Settings → Store hub, saved', { timeout: 180_000 }, () => {
  it("hosts the hub and shows the other till's new password once", async () => {
    await setManagerPin(page, PIN);
    // Leaving Settings shuts the lock: saving the hub then asks for the PIN.
    await goTo(page, 'sale');
    await goTo(page, 'settings');
    const card = page.locator('[data-section="store-hub"]');
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.locator('[data-hub-state]').getAttribute('data-hub-state')).toBe('off');

    const port = await freePort();
    await card.locator('[data-field="hubUrl"]').fill(`nats://127.0.0.1:${port}`);
    await card.locator('[data-field="hubTill"]').fill('pokladna1');
    await card.locator('[data-field="hubHosts"]').check();
    await card.locator('[data-field="hubPort"]').fill(String(port));
    await card.locator('[data-field="hubTills"]').fill('pokladna2');
    await card.locator('[data-action="save-hub"]').click();
    const pin = page.getByTestId('pin-dialog');
    await pin.waitFor();
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await pin.waitFor({ state: 'detached' });

    const said = card.locator('[data-hub-said]');
    await expect.poll(() => said.textContent(), { timeout: 60_000 }).toBe(say('store:hubSaved'));
    const passwords = card.locator('[data-hub-new-passwords]');
    await expect(passwords.locator('li').count()).resolves.toBe(1);
    await expect(passwords.locator('li strong').textContent()).resolves.toBe('pokladna2');
    const password = (await passwords.locator('li code').textContent()) ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);

    // The till joins the hub it hosts: status events follow, and the card reads the hub again at each
    // (those views carry no passwords). The notice and the password stay.
    await expect
      .poll(() => card.locator('[data-hub-state]').getAttribute('data-hub-state'), { timeout: 60_000 })
      .toBe('connected');
    hubPid = Number(readFileSync(join(terminal.dataDir, 'store-hub', 'nats.pid'), 'utf8').trim());
    expect(running(hubPid)).toBe(true);
    await expect(said.textContent()).resolves.toBe(say('store:hubSaved'));
    await expect(passwords.locator('li code').textContent()).resolves.toBe(password);
    // The form shows what was saved.
    await expect(card.locator('[data-field="hubTills"]').inputValue()).resolves.toBe('pokladna2');
    await expect(card.locator('[data-field="hubHosts"]').isChecked()).resolves.toBe(true);
    await passwords.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-store-hub-saved');
  });
});
