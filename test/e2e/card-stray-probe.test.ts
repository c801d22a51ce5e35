// An instance that keeps the empty card the till asks its card permission with (the sim's
// storesAnyCard; SPEC.md says an instance refuses it), in the web shell in Debian's Chromium: the
// card dialog says a stray card was stored and a manager should delete it, at both sizes, and the
// till asks so once: opening the dialog again stores no second one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, openOnSale } from './app.ts';
import { screenshot, SIZES, type RunningShell } from './browser.ts';
import { say } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { stopAll, syncedTerminal, type SyncedTerminal } from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  terminal = await syncedTerminal('card-stray-probe', { storesAnyCard: true });
  ({ shell, browser, page } = await openOnSale(terminal.env));
}, 180_000);

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'card-stray-probe');

const dialog = () => page.getByTestId('card-issue');

describe('an instance that stores the card permission probe', () => {
  it('the dialog says a stray card was stored, each time it opens; only one is stored', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await goTo(page, 'sale');
      await page.keyboard.press('Control+k');
      const notice = dialog().locator('[data-empty-card-stored]');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(say('cards:emptyCardStored'));
      await screenshot(page, `card-stray-probe-${size.width}x${size.height}`);
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    }
    expect(terminal.sim.admin.companyCards(0)).toHaveLength(1);
  });
});
