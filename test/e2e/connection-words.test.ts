// Settings → Test connection in the run's language, on instances that are not the demo's: an older
// release without the card-scan endpoint (its feature and permission rows say why in the cashier's
// words), an instance whose client secret is not given (the summary says what is missing, a
// sentence each), and a secret the instance refuses (the status bar says so beside Online). And
// Settings opened before its settings arrive: no button shown then moves when they come (a press on
// Test connection begun then was lost, the card left untested: a flake of this file under load); and
// Settings whose reading failed at start: it says so, and reading them again brings every card.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { DEMO, demoEnv, tempDir } from '../support/fixtures.ts';
import { goTo } from './app.ts';
import { tapCalls, type CallTap } from './call-tap.ts';
import { launchChromium, screenshot, SIZES, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage, say } from './lang.ts';

let sim: RunningSim;
let browser: Browser;
let page: Page;
/** The web shell of the test running: a failure prints the end of its log (what the core said). */
let shell: RunningShell | undefined;

beforeAll(async () => {
  [sim, browser] = await Promise.all([
    startSim({ size: 'small', port: 0, missingOperations: ['scanShoppingSession'] }),
    launchChromium(),
  ]);
  page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
}, 120_000);

afterAll(async () => {
  await browser.close();
  await sim.close();
});

screenshotOnFailure(
  () => page,
  'connection-words',
  () => shell,
);

const card = () => page.locator('[data-section="connection"]');
const result = () => card().locator('[data-connection-result]');

/** The connection card's words as on screen, one line: what a failure names as the result it got. */
async function cardSays(): Promise<string> {
  const text = await card()
    .innerText()
    .catch((error: unknown) => `(unreadable: ${String(error)})`);
  return JSON.stringify(text.replace(/\s+/g, ' ').trim());
}

/** A web shell on the older sim with the POS_* given (stopped when the test ends), its page open. */
async function opened(env: Record<string, string>): Promise<void> {
  shell = undefined;
  const dataDir = tempDir('e2e-connection');
  const started = await startWebShellProcess({ POS_BASE_URL: sim.url, POS_DATA_DIR: dataDir, ...env });
  shell = started;
  onTestFinished(() => started.stop());
  await page.goto(started.url);
  await page.getByTestId('status-bar').waitFor();
}

/**
 * Back once the card shows the test's end (its time, with a result or an error), else failing with
 * what the card says then (the button's words too: a press that never started a test leaves "Test
 * connection" there), so that an assertion after it is about the result the test got.
 */
async function testEnded(): Promise<void> {
  try {
    await card().locator('[data-tested-at]').waitFor();
  } catch (error) {
    throw new Error(`The connection test showed no end; the card says ${await cardSays()}`, { cause: error });
  }
}

/** `opened`, on Settings, its connection tested (testEnded). */
async function testedWith(env: Record<string, string>): Promise<void> {
  await opened(env);
  await goTo(page, 'settings');
  await page.locator('[data-action="test-connection"]').click();
  await testEnded();
}

describe('the connection test in the run’s language', () => {
  it('an older release: the card-scan feature says it is not available, in the cashier’s words', async () => {
    await testedWith(demoEnv(sim.url));
    const feature = result().locator('[data-feature="Card scan at the counter"]');
    expect(await feature.count(), `the card-scan feature's row; the card says ${await cardSays()}`).toBe(1);
    expect(await feature.getAttribute('class')).toBe('off');
    const text = (await feature.textContent()) ?? '';
    expect(text).toContain(say('core:featurePosScan'));
    expect(text).toContain(say('core:featureNotOnInstance'));
    // The permission behind it is unknown, and says why in the same words.
    const permission = result().locator('[data-permission="Card scan at the counter"]');
    expect(await permission.getAttribute('data-status')).toBe('unknown');
    expect(await permission.locator('.detail').textContent()).toBe(say('core:permNotOnInstance'));
    await feature.scrollIntoViewIfNeeded();
    await screenshot(page, 'connection-older-release');
    // A look at the Sale screen does not lose the result; it says when it was obtained.
    await goTo(page, 'sale');
    await goTo(page, 'settings');
    expect(await feature.textContent()).toBe(text);
    const testedAt = Number(await page.locator('[data-tested-at]').getAttribute('data-tested-at'));
    expect(testedAt).toBeGreaterThan(0);
    // Saving the instance makes it a result about another configuration: it goes.
    await page.locator('[data-action="save-instance"]').click();
    await result().waitFor({ state: 'detached' });
    expect(await page.locator('[data-tested-at]').count()).toBe(0);
    await page.locator('[data-action="test-connection"]').click();
    await page.locator('[data-tested-at]').scrollIntoViewIfNeeded();
    await screenshot(page, 'connection-tested-at');
  });

  it('no client secret: the summary says what is missing, in the cashier’s words', async () => {
    await testedWith({ POS_CLIENT_ID: DEMO.clientId });
    const summary = result().locator('[data-connection-ok="false"]');
    expect(await summary.count(), `a summary of a failed test; the card says ${await cardSays()}`).toBe(1);
    expect(await summary.textContent()).toBe(say('core:missingClientSecret'));
    await screenshot(page, 'connection-missing-secret');
  });

  it('a wrong secret: the status bar says the credentials are refused, not just Online', async () => {
    await testedWith({ POS_CLIENT_ID: DEMO.clientId, POS_CLIENT_SECRET: 'rotated-since' });
    const bar = page.getByTestId('status-bar');
    const refused = bar.locator('[data-credentials-refused="true"]');
    await refused.waitFor();
    expect(await refused.textContent()).toBe(say('common:credentialsRefused'));
    expect(await bar.locator('[data-online]').getAttribute('data-online')).toBe('true');
    await screenshot(page, 'connection-credentials-refused');
  });
});

/** Each button on Settings, by its action (else its words), and where it is on the page. */
function buttonPlaces(): Promise<string[]> {
  return page.getByTestId('settings').evaluate((screen) =>
    [...screen.querySelectorAll('button')].map((button) => {
      const { x, y } = button.getBoundingClientRect();
      return `${button.dataset.action ?? button.textContent} at ${Math.round(x)},${Math.round(y)}`;
    }),
  );
}

/** Settings opened on a fresh shell, the answers to settings.get `routed` (until the test's end). */
async function settingsOpenedWith<R extends { stop(): Promise<void> }>(
  routed: (tap: CallTap) => R,
): Promise<R> {
  const route = routed(await tapCalls(page));
  onTestFinished(() => route.stop());
  await opened(demoEnv(sim.url));
  await goTo(page, 'settings');
  return route;
}

describe('Settings opened before its settings arrive', () => {
  it('shows no button that moves when they come: Test connection pressed then tests the connection', async () => {
    // As on a till just started, slow to read its settings.
    const held = await settingsOpenedWith((tap) => tap.hold('settings.get'));
    const before = await buttonPlaces();
    held.release();
    await page.locator('[data-action="save-instance"]').waitFor();
    const after = await buttonPlaces();
    // A button that moves under a pointer pressed on it takes no click: the press is lost.
    const moved = before.filter((place) => !after.includes(place));
    const now = (place: string) => after.find((a) => a.startsWith(place.replace(/ at .*/, ' at '))) ?? 'gone';
    const said = moved.map((place) => `${place} -> ${now(place)}`).join('; ');
    expect(moved, `shown before the settings came, elsewhere once they did: ${said}`).toEqual([]);
    await page.locator('[data-action="test-connection"]').click();
    await testEnded();
  });
});

describe('Settings whose settings could not be read at start', () => {
  it('says so in the cashier’s words, and reading them again brings every card', async () => {
    // As on a till whose web shell lost the answer: settings.get reached the core, no answer came.
    const lost = await settingsOpenedWith((tap) => tap.lose('settings.get'));
    const unread = page.locator('[data-settings-unread]');
    await unread.waitFor();
    expect(await unread.textContent()).toBe(
      say('settings:settingsUnread', { why: say('core:coreNoAnswer') }),
    );
    const again = page.locator('[data-action="read-settings"]');
    expect(await again.textContent()).toBe(say('settings:settingsReadAgain'));
    // No card meanwhile: none may appear under a press, nor one without the others (d660f15).
    expect(await page.getByTestId('settings').locator('[data-section]').count()).toBe(0);
    onTestFinished(() => page.setViewportSize({ width: 1366, height: 900 }));
    // At a POS screen's 1024x768 and a laptop's 1280x800: the error line whole, the button under it.
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await unread.waitFor();
      await screenshot(page, `settings-unread-${size.width}x${size.height}`);
    }
    // The hiccup over, the cashier reads them again.
    await lost.stop();
    await again.click();
    await page.locator('[data-action="save-instance"]').waitFor();
    expect(await unread.count()).toBe(0);
    await page.locator('[data-action="test-connection"]').click();
    await testEnded();
  });
});
