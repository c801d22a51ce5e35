// Orders that read like tickets and destructive actions that ask, through the web shell in Debian's
// Chromium against the real sim: a synced cache, orders in every state (one a walk-in sale made on
// the Sale screen while the instance is out of reach), the confirmation whose default keeps the
// order, and the manager PIN that guards Settings and those actions.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import {
  claimForSending,
  insertOutboxOrder,
  recordOutboxOutcome,
  type OutboxOutcome,
} from '../../db/outbox.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { goTo, placeOrder, scan, setManagerPin } from './app.ts';
import { launchChromium, screenshot, startWebShellProcess, type RunningShell } from './browser.ts';
import { newPage, say } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  firstSellable,
  fromCatalog,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

const PIN = '2468';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
const ids: Record<'sent' | 'needsFix' | 'inDoubt' | 'queued', number> = {
  sent: 0,
  needsFix: 0,
  inDoubt: 0,
  queued: 0,
};
let references: Record<keyof typeof ids, string>;
let barcode: string;
let walkInName: string;
let customerName: string;

beforeAll(async () => {
  terminal = await syncedTerminal('orders');
  const { dataDir, env } = terminal;
  const product = firstSellable(dataDir);
  // Two companies with named cards: one the walk-in customer, one the customer of the seeded orders.
  const companies = fromCatalog(
    dataDir,
    (db) =>
      db
        .prepare(
          `SELECT companyId, min(name) AS name FROM company_card WHERE name IS NOT NULL AND name != ''
           GROUP BY companyId ORDER BY companyId LIMIT 2`,
        )
        .all() as { companyId: number; name: string }[],
  );
  const [walkIn, customer] = companies;
  if (walkIn === undefined || customer === undefined) throw new Error('no named companies in the cache');
  barcode = product.barcode;

  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({ warehouseId: product.warehouseId, walkInCustomer: walkIn });
  const order = (quantity: number) => ({
    customerId: customer.companyId,
    warehouseId: product.warehouseId,
    items: [
      { productId: product.productId, quantity },
      { productId: product.productId, quantity: 1 },
    ],
  });
  const seed = (key: keyof typeof ids, outcome: OutboxOutcome | null, quantity: number) => {
    const stored = insertOutboxOrder(db, order(quantity));
    if (outcome !== null) {
      claimForSending(db, stored.id, ['queued']);
      recordOutboxOutcome(db, stored.id, ['sending'], outcome);
    }
    ids[key] = stored.id;
    return stored.clientReference;
  };
  references = {
    sent: seed('sent', { state: 'sent', remoteId: 4521 }, 2),
    needsFix: seed(
      'needsFix',
      {
        state: 'needs-fix',
        fieldErrors: { customerId: ['The customer is not known.'] },
        messages: ['The customer is not known.'],
        code: 'validation-failed',
      },
      3,
    ),
    inDoubt: seed(
      'inDoubt',
      { state: 'in-doubt', messages: ['The order may have reached the service.'], nextAttemptAt: null },
      4,
    ),
    queued: seed('queued', null, 5),
  };
  db.close();
  walkInName = walkIn.name;
  customerName = customer.name;

  // The instance is out of reach for the whole test: queued orders stay queued, and say why.
  await terminal.sim.faults.setOffline(true);
  const [started, chromium] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  [shell, browser] = [started, chromium];
  page = await newPage(chromium, { viewport: { width: 1366, height: 900 } });
  await page.goto(started.url);
});

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'orders');

const row = (id: number) => page.locator(`[data-order="${String(id)}"]`);
const confirmDialog = () => page.getByTestId('confirm-dialog');
const pinDialog = () => page.getByTestId('pin-dialog');
const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-action') ?? null);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The lockout's words exactly (^...$), its time matching `time` (a pattern). */
function lockedOut(time: string): RegExp {
  return new RegExp(`^${escape(say('common:lockedOut', { time: '@@time@@' })).replace('@@time@@', time)}$`);
}

describe('Orders that read like tickets', { timeout: 120_000 }, () => {
  it('each row shows total, lines, customer (walk-in marked), time and state; errors in words, detail folded', async () => {
    // A walk-in sale while the instance cannot be reached: queued, to the walk-in customer.
    await page.getByTestId('sale').waitFor();
    await scan(page, barcode);
    await page.getByTestId('sale-lines').locator(`[data-barcode="${barcode}"]`).waitFor();
    await placeOrder(page);
    await goTo(page, 'orders');
    const walkInRow = page.locator('[data-order]').filter({ has: page.locator('[data-walk-in]') });
    await expect.poll(() => walkInRow.count()).toBe(1);
    expect(await walkInRow.locator('[data-ticket-customer]').textContent()).toBe(
      `${walkInName} ${say('orders:walkIn')}`,
    );
    expect(await walkInRow.locator('[data-ticket-lines]').textContent()).toBe(
      say('orders:lines', { count: 1 }),
    );
    expect(await walkInRow.locator('[data-ticket-total]').textContent()).toMatch(/^\D*\d[\d\s,.]*\d{2}\D*$/);

    const queued = row(ids.queued);
    await expect.poll(() => queued.getAttribute('data-state'), { timeout: 60_000 }).toBe('queued');
    expect(await queued.locator('[data-ticket-customer]').textContent()).toBe(customerName);
    expect(await queued.locator('[data-ticket-lines]').textContent()).toBe(say('orders:lines', { count: 2 }));
    expect(await queued.locator('[data-ticket-time]').textContent()).toMatch(/^\d{2}:\d{2}$/);
    // (It may be being tried again for a moment: the label follows the state.)
    await expect
      .poll(() => queued.locator('[data-state-label]').textContent())
      .toBe(say('orders:stateQueued'));
    // Once a send was tried, its error reads in words; the technical line is folded away.
    await queued.locator('.order-summary').click();
    await expect
      .poll(() => queued.locator('[data-headline]').textContent(), { timeout: 60_000 })
      .toBe(say('orders:queuedUnreachable'));
    const detail = queued.locator('[data-tech-detail]');
    expect(await detail.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await detail.locator('li').first().isVisible()).toBe(false);
    // The technical line is the service's own words, as they came (English in every language).
    expect(await detail.textContent()).toMatch(/could not reach the service/);
    await detail.locator('summary').click();
    expect(await detail.locator('li').first().isVisible()).toBe(true);

    expect(await row(ids.needsFix).locator('[data-headline]').textContent()).toBe(
      say('orders:needsFixFields', { count: 1 }),
    );
    expect(await row(ids.sent).locator('.order-summary').textContent()).toContain(
      say('orders:instanceId', { id: '4521' }),
    );
    await screenshot(page, 'orders-tickets');
  });

  it('filters by state and finds by reference (client reference or instance order id)', async () => {
    // The find field's hint whole at a POS screen's 1024x768 and a laptop's 1280x800.
    const findField = page.locator('[data-field="findReference"]');
    for (const size of [
      { width: 1024, height: 768 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      const room = () =>
        findField.evaluate((el) => {
          const input = el as HTMLInputElement;
          const style = getComputedStyle(input);
          const pen = document.createElement('canvas').getContext('2d');
          if (pen === null) return -1;
          pen.font = style.font;
          const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return inner - pen.measureText(input.placeholder).width;
        });
      await expect.poll(room).toBeGreaterThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    const rows = page.locator('[data-order]');
    const shown = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')).sort());
    await page.locator('[data-filter="attention"]').click();
    await expect.poll(shown).toEqual(['in-doubt', 'needs-fix']);
    await page.locator('[data-filter="waiting"]').click();
    await expect.poll(shown).toEqual(['queued', 'queued']);
    await page.locator('[data-filter="sent"]').click();
    await expect.poll(shown).toEqual(['sent']);
    await page.locator('[data-filter="closed"]').click();
    await expect.poll(shown).toEqual([]);
    await page.locator('[data-filter="all"]').click();
    await expect.poll(() => rows.count()).toBe(5);

    const find = page.locator('[data-field="findReference"]');
    await find.fill(references.inDoubt.slice(-6));
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order'))))
      .toEqual([String(ids.inDoubt)]);
    await find.fill('4521');
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-order'))))
      .toEqual([String(ids.sent)]);
    await find.fill('');
    await expect.poll(() => rows.count()).toBe(5);
    // The whole list in one picture (docs/screenshots/orders-tickets.png).
    await page.locator('main.screen').evaluate((el) => el.scrollTo(0, 0));
    await page.setViewportSize({ width: 1366, height: 1800 });
    await screenshot(page, 'orders-tickets-list');
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});

describe('destructive actions ask; a manager PIN guards them and Settings', { timeout: 120_000 }, () => {
  it('Discard asks, focused on keeping the order: Enter and Esc keep it', async () => {
    const queued = row(ids.queued);
    if ((await queued.locator('.order-summary').getAttribute('aria-expanded')) !== 'true')
      await queued.locator('.order-summary').click();
    const discard = queued.locator('.order-detail button', { hasText: say('orders:discard') });
    await discard.click();
    await confirmDialog().waitFor();
    expect(await confirmDialog().getAttribute('aria-modal')).toBe('true');
    await expect.poll(focused).toBe('confirm-keep');
    await screenshot(page, 'orders-confirm-discard');
    await page.keyboard.press('Enter');
    await confirmDialog().waitFor({ state: 'detached' });
    await discard.click();
    await confirmDialog().waitFor();
    // Tab stays inside the dialog, and Esc keeps.
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('confirm-destroy');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('confirm-keep');
    await page.keyboard.press('Escape');
    await confirmDialog().waitFor({ state: 'detached' });
    expect(await queued.getAttribute('data-state')).not.toBe('discarded'); // kept (it may be being retried)
  });

  it('Mark as sent and Cancel on the instance ask too, and keep by default', async () => {
    const inDoubt = row(ids.inDoubt);
    await inDoubt.locator('.order-summary').click();
    await inDoubt.locator('[data-field="remoteId"]').fill('777');
    await inDoubt.locator('[data-action="mark-sent"]').click();
    await confirmDialog().waitFor();
    expect(await confirmDialog().textContent()).toContain('777');
    await expect.poll(focused).toBe('confirm-keep');
    await page.keyboard.press('Escape');
    await confirmDialog().waitFor({ state: 'detached' });
    expect(await inDoubt.getAttribute('data-state')).not.toBe('sent'); // not marked (it may be being retried)

    const sent = row(ids.sent);
    await sent.locator('.order-summary').click();
    await sent.locator('button', { hasText: say('orders:cancelOnInstance') }).click();
    await confirmDialog().waitFor();
    await expect.poll(focused).toBe('confirm-keep');
    await page.keyboard.press('Enter');
    await confirmDialog().waitFor({ state: 'detached' });
    expect(await sent.getAttribute('data-state')).toBe('sent');
  });

  it('a PIN set in Settings guards Discard: wrong PIN says the tries left, the right one discards', async () => {
    await goTo(page, 'settings');
    expect(await page.locator('[data-section="manager-pin"]').getAttribute('data-pin-set')).toBe('false');
    await setManagerPin(page, PIN);
    // Leaving Settings shuts the lock: Discard now needs the PIN.
    await goTo(page, 'orders');
    const queued = row(ids.queued);
    await queued.locator('.order-summary').click();
    await queued.locator('.order-detail button', { hasText: say('orders:discard') }).click();
    await confirmDialog().waitFor();
    await page.locator('[data-action="confirm-destroy"]').click();
    await pinDialog().waitFor();
    expect(await pinDialog().textContent()).toContain(say('core:lockedDiscard'));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-field')))
      .toBe('managerPin');
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => pinDialog().locator('[data-pin-error]').textContent())
      .toBe(say('common:wrongPin', { count: 4 }));
    await screenshot(page, 'orders-pin-wrong');
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await pinDialog().waitFor({ state: 'detached' });
    await expect.poll(() => queued.getAttribute('data-state')).toBe('discarded');
  });

  it('Settings can be read with a PIN set; a change asks for it, and Esc leaves it undone', async () => {
    await goTo(page, 'settings');
    const card = page.locator('[data-section="label-rules"]');
    const notice = card.locator('[data-label-rules-notice]');
    await card.locator('[data-action="save-label-rules"]').click();
    await pinDialog().waitFor();
    expect(await pinDialog().textContent()).toContain(say('core:lockedSettings'));
    await screenshot(page, 'settings-pin-prompt');
    await page.keyboard.press('Escape');
    await pinDialog().waitFor({ state: 'detached' });
    await expect.poll(() => notice.textContent()).toBe(say('common:pinNotGiven'));
    await card.locator('[data-action="save-label-rules"]').click();
    await pinDialog().waitFor();
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await pinDialog().waitFor({ state: 'detached' });
    const rules = (await card.locator('[data-field="labelRules"]').inputValue())
      .split('\n')
      .filter((l) => l.trim() !== '').length;
    await expect.poll(() => notice.textContent()).toBe(say('settings:labelRulesSaved', { count: rules }));
  });

  it('five wrong PINs shut it out and say when to try again', async () => {
    await goTo(page, 'orders');
    const inDoubt = row(ids.inDoubt);
    await inDoubt.locator('.order-summary').click();
    await inDoubt.locator('.order-detail button', { hasText: say('orders:discard') }).click();
    await page.locator('[data-action="confirm-destroy"]').click();
    await pinDialog().waitFor();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.type('0000');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => pinDialog().locator('[data-pin-error]').textContent())
        .toMatch(
          i < 4 ? new RegExp(`^${escape(say('common:wrongPin', { count: 4 - i }))}$`) : lockedOut('.*'),
        );
    }
    // The time the PIN opens again, with its day when that is not today (a run just before midnight
    // saw "29. 11. 00:01"): formatTime names the day then.
    expect(await pinDialog().locator('[data-pin-error]').textContent()).toMatch(
      lockedOut('(?:.+ )?\\d{2}:\\d{2}'),
    );
    await screenshot(page, 'orders-pin-lockout');
    await page.keyboard.press('Escape');
    await pinDialog().waitFor({ state: 'detached' });
    expect(await inDoubt.getAttribute('data-state')).not.toBe('discarded');
  });
});
