// A loyalty card issued at the till (issue 39), through the web shell in Debian's Chromium against the
// real sim at 1024×768: offline, Ctrl+K opens the dialog on the customer panel with Settings' card
// company, a scan from the stack fills the card's code (and issues nothing: a person's Enter does),
// the card is on the sale at once with its company's discount, the sale is placed; the instance back,
// the card is sent once (the sim holds exactly one card with that code) and the sale's order after
// it; the same code again is refused in the dialog, naming the card; the Orders screen shows the
// card's document and its state.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { OutboxEntryView } from '../../contract/contract.ts';
import { openDatabase } from '../../db/database.ts';
import { SettingsStore } from '../../main/settings/store.ts';
import { ServiceClient } from '../../main/service/index.ts';
import { askCore, goTo, placeOrder, scan, statusBar } from './app.ts';
import { launchChromium, screenshot, SIZES, startWebShellProcess, type RunningShell } from './browser.ts';
import { newPage, say } from './lang.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import {
  fromCatalog,
  plainProducts,
  stopAll,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

let terminal: SyncedTerminal;
let shell: RunningShell | undefined;
let browser: Browser | undefined;
let page: Page;
let product: { barcode: string; warehouseId: number };
/** The programme whose cards take a discount: Settings' card company. */
let programme: { companyId: number; name: string; discount: number };
/** The new card's code, as printed on the card taken from the stack. */
const CODE = `VK${String(process.pid).padStart(7, '0')}01`;
let cardEntry: number;

beforeAll(async () => {
  terminal = await syncedTerminal('card-issue');
  const { dataDir } = terminal;
  const found = fromCatalog(dataDir, (db) => ({
    product: plainProducts(dataDir, {
      columns: 'barcode, warehouseId',
      where: 'coalesce(prohibitionOfDiscounts, 0) = 0',
      limit: 1,
    })[0],
    programme: db
      .prepare(
        `SELECT c.companyId, min(c.name) AS name, max(c.discount) AS discount FROM company_card c
         WHERE c.discount > 0 AND c.name IS NOT NULL AND c.name != ''
         GROUP BY c.companyId ORDER BY c.companyId LIMIT 1`,
      )
      .get(),
  })) as { product: typeof product; programme: typeof programme };
  ({ product, programme } = found);
  const db = openDatabase(join(dataDir, 'counter.sqlite'));
  new SettingsStore(db).write({
    warehouseId: product.warehouseId,
    cardCompanyId: programme.companyId,
    cardValidityMonths: 24,
  });
  db.close();
  const [started, chromium] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  [shell, browser] = [started, chromium];
  page = await newPage(chromium, { viewport: SIZES[0] });
  await page.goto(started.url);
  await statusBar(page).waitFor();
}, 180_000);

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'card-issue');

const dialog = () => page.getByTestId('card-issue');
const customer = () => page.getByTestId('customer');
const barcodeField = () => dialog().locator('[data-field="card-barcode"]');

/** The cards the instance holds with this code (over HTTP, as any client reads them). */
async function cardsOnInstance(companyId: number, barcode: string): Promise<number> {
  const client = new ServiceClient({
    baseUrl: terminal.sim.url,
    clientId: terminal.env.POS_CLIENT_ID ?? '',
    clientSecret: terminal.env.POS_CLIENT_SECRET ?? '',
  });
  try {
    return (await client.companyCards(companyId)).filter((c) => c.barcode === barcode).length;
  } finally {
    await client.close();
  }
}

/** The state an outbox entry is stored in now, read from the till's file (not its screen's view). */
function storedState(id: number): string | undefined {
  const db = new Database(join(terminal.dataDir, 'counter.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT state FROM outbox_order WHERE id = ?').get(id) as
      { state: string } | undefined;
    return row?.state;
  } finally {
    db.close();
  }
}

/** The whole outbox as the core lists it, asked from the page as the screens ask (its launch pass). */
function outbox(): Promise<OutboxEntryView[]> {
  return askCore<OutboxEntryView[]>(page, 'outbox.list');
}

/** Opens the dialog with Ctrl+K on the Sale screen. */
async function openDialog(): Promise<void> {
  await goTo(page, 'sale');
  await page.keyboard.press('Control+k');
  await dialog().waitFor();
}

describe('a loyalty card issued at the till', () => {
  it('offline: scanned from the stack into the dialog, on the sale at once with its discount; the sale placed', async () => {
    await goTo(page, 'sale');
    await scan(page, product.barcode);
    await page.locator(`[data-testid="sale-lines"] [data-barcode="${product.barcode}"]`).waitFor();
    await terminal.sim.faults.setOffline(true);
    await expect
      .poll(() => statusBar(page).textContent(), { timeout: 30_000 })
      .toContain(say('common:offline'));

    await openDialog();
    // Settings' card company is the default, by its name.
    await expect
      .poll(() => dialog().locator('[data-card-company]').getAttribute('data-card-company'))
      .toBe(String(programme.companyId));
    // The card from the stack, scanned: its code lands in the field, and the scanner's Enter issues
    // nothing (the dialog stays, no card is in the outbox).
    await scan(page, CODE);
    await expect.poll(() => barcodeField().inputValue(), { timeout: 15_000 }).toBe(CODE);
    expect(await barcodeField().getAttribute('data-scanned')).toBe('true');
    expect(await dialog().isVisible()).toBe(true);
    expect((await outbox()).filter((e) => e.kind === 'card')).toEqual([]);

    await dialog().locator('[data-field="card-name"]').fill('Jana Nováková');
    await dialog().locator('[data-field="card-personName"]').fill('Jana Nováková');
    await dialog().locator('[data-field="card-email"]').fill('jana@example.cz');
    await screenshot(page, 'card-issue-dialog-1024');
    // A person's Enter issues it: the card is the sale's customer at once, with the discount.
    await dialog().locator('[data-field="card-name"]').press('Enter');
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => customer().getAttribute('data-company')).toBe(String(programme.companyId));
    await expect
      .poll(() => page.locator('[data-totals] .discount').textContent())
      .toContain(say('sale:discountOff', { amount: '' }).trim());
    // The card by its name under the company's (once the company's name is read from the cache).
    await expect.poll(() => customer().locator('[data-card]').textContent()).toContain('Jana Nováková');
    await screenshot(page, 'card-issue-on-sale-1024');

    const card = (await outbox()).find((e) => e.kind === 'card' && e.card?.barcode === CODE);
    expect(card).toMatchObject({ card: { companyId: programme.companyId } });
    // Waiting (an attempt may be under way: it finds the instance away), never sent.
    expect(['queued', 'sending']).toContain(card?.state);
    cardEntry = Number(card?.id);
    await placeOrder(page);
    await expect
      .poll(async () => (await outbox()).find((e) => e.kind !== 'card' && e.waitsFor === cardEntry)?.state)
      .toBe('queued');

    // The Orders screen, still offline: the card's document, queued.
    await goTo(page, 'orders');
    const row = page.locator(`[data-order="${String(cardEntry)}"]`);
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-state')).toBe('queued');
    expect(await row.getAttribute('data-kind')).toBe('card');
    expect(await row.textContent()).toContain(CODE);
    expect(await row.textContent()).toContain('Jana Nováková');
    await screenshot(page, 'card-issue-orders-queued-1024');
  });

  it('the instance back: the card is sent once, the sale after it; the Orders row says sent', async () => {
    await terminal.sim.faults.setOffline(false);
    await page.locator('[data-action="replay"]').click();
    const row = page.locator(`[data-order="${String(cardEntry)}"]`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('sent');
    const order = () => outbox().then((all) => all.find((e) => e.waitsFor === cardEntry));
    await expect.poll(async () => (await order())?.state, { timeout: 60_000 }).toBe('sent');
    expect(await cardsOnInstance(programme.companyId, CODE)).toBe(1);
    // The order went after its card: the card was sent first, the order then.
    const entries = await outbox();
    const sentCard = entries.find((e) => e.id === cardEntry);
    expect(sentCard?.updatedAt).toBeDefined();
    expect(String((await order())?.updatedAt) >= String(sentCard?.updatedAt)).toBe(true);
    expect(await row.textContent()).toContain(CODE);
    await screenshot(page, 'card-issue-orders-sent-1024');
  });

  it('refuses the same code again in the dialog, naming the card it belongs to', async () => {
    await openDialog();
    await scan(page, CODE);
    await expect.poll(() => barcodeField().inputValue(), { timeout: 15_000 }).toBe(CODE);
    await dialog().locator('[data-field="card-name"]').fill('Druhá karta');
    await dialog().locator('[data-action="issue-card"]').click();
    const error = dialog().locator('[data-field-error="barcode"]');
    await error.waitFor();
    expect(await error.textContent()).toContain(CODE);
    expect(await error.textContent()).toContain('Jana Nováková');
    await screenshot(page, 'card-issue-duplicate-1024');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await cardsOnInstance(programme.companyId, CODE)).toBe(1);
  });

  it('a card the instance refuses (its code is already a card there) is fixed on the Orders screen and sent again', async () => {
    // A card of the instance the till's cache does not know yet: issued offline, the instance refuses it.
    const taken = `${CODE.slice(0, -2)}02`;
    const fixed = `${CODE.slice(0, -2)}03`;
    terminal.sim.admin.addCompanyCard({ companyId: programme.companyId, barcode: taken, name: 'Cizí karta' });
    await terminal.sim.faults.setOffline(true);
    await openDialog();
    await barcodeField().fill(taken);
    await dialog().locator('[data-field="card-name"]').fill('Petr Svoboda');
    await dialog().locator('[data-field="card-name"]').press('Enter');
    await dialog().waitFor({ state: 'detached' });
    const entry = (await outbox()).find((e) => e.card?.barcode === taken);
    expect(['queued', 'sending']).toContain(entry?.state);
    await terminal.sim.faults.setOffline(false);
    await goTo(page, 'orders');
    await page.locator('[data-action="replay"]').click();
    const row = page.locator(`[data-order="${String(entry?.id)}"]`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('needs-fix');
    // The instance's words beside the card's code, the code editable.
    const error = row.locator('[data-field-error="barcode"]');
    await error.waitFor();
    expect(await error.textContent()).toContain(taken);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'card-issue-orders-needs-fix-1024');
    await row.locator('[data-field="card-barcode"]').fill(fixed);
    await row.locator('[data-action="resend"]').click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('sent');
    expect(await row.textContent()).toContain(fixed);
    expect(await cardsOnInstance(programme.companyId, fixed)).toBe(1);
    expect(await cardsOnInstance(programme.companyId, taken)).toBe(1);
  });

  it('in doubt when the answer is lost; a person sends it again and it is found there, not posted twice', async () => {
    const lost = `${CODE.slice(0, -2)}04`;
    await terminal.sim.faults.setOffline(false);
    terminal.sim.faults.dropAfterCommit({
      method: 'POST',
      path: `^/api/companies/${String(programme.companyId)}/cards$`,
      times: 1,
    });
    // Nor can the company's cards be read for now: the doubt stands until a person acts (the
    // sender's own passes settle a card's doubt by reading, and would take it first).
    const cardsPath = `^/api/companies/${String(programme.companyId)}/cards$`;
    terminal.sim.faults.forceStatus({ status: 503, method: 'GET', path: cardsPath });
    await openDialog();
    await barcodeField().fill(lost);
    await dialog().locator('[data-field="card-name"]').fill('Eva Dvořáková');
    await dialog().locator('[data-action="issue-card"]').click();
    await dialog().waitFor({ state: 'detached' });
    const entry = (await outbox()).find((e) => e.card?.barcode === lost);
    await goTo(page, 'orders');
    const row = page.locator(`[data-order="${String(entry?.id)}"]`);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('in-doubt');
    await row.locator('.order-summary').click();
    await row.locator('[data-action="send-again"]').waitFor();
    // Each pass of the sender takes an in-doubt card to read the instance first (documents.ts
    // settlesDoubtByReading): the row stays in doubt while it reads (the reads fail here).
    await expect.poll(() => row.textContent()).toContain(say('cards:inDoubtCard'));
    await screenshot(page, 'card-issue-orders-in-doubt-1024');
    // The person looked on the instance and did not find it (it could not be read): sends it again.
    // Clicked while reads still fail: once they succeed, the sender's next pass finds the card and
    // settles the doubt itself, and the button (in doubt only) goes before a click could land.
    await row.locator('[data-action="send-again"]').click();
    terminal.sim.faults.clearForcedStatus();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('sent');
    expect(await cardsOnInstance(programme.companyId, lost)).toBe(1);
  });

  it('an in-doubt card stays in doubt on its row while a pass reads the instance: its form and buttons stay', async () => {
    const code = `${CODE.slice(0, -2)}05`;
    const cardsPath = `^/api/companies/${String(programme.companyId)}/cards$`;
    terminal.sim.faults.dropAfterCommit({ method: 'POST', path: cardsPath, times: 1 });
    // The company's cards cannot be read for now: the doubt stands (as above).
    terminal.sim.faults.forceStatus({ status: 503, method: 'GET', path: cardsPath });
    try {
      await openDialog();
      await barcodeField().fill(code);
      await dialog().locator('[data-field="card-name"]').fill('Petr Svoboda');
      await dialog().locator('[data-action="issue-card"]').click();
      await dialog().waitFor({ state: 'detached' });
      const entry = (await outbox()).find((e) => e.card?.barcode === code);
      const id = Number(entry?.id ?? -1);
      await goTo(page, 'orders');
      const row = page.locator(`[data-order="${String(id)}"]`);
      await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('in-doubt');
      await row.locator('.order-summary').click();
      // A person starts typing the card's number on the instance into its form.
      const found = row.locator('[data-field="remoteId"]');
      await found.fill('12');
      // A pass takes it to read the instance, the read held there (until the test lets it go, not
      // for a time): stored `sending` under the pass's lease meanwhile.
      terminal.sim.faults.latency({ ms: 55_000, method: 'GET', path: cardsPath });
      const attempts = Number(await row.getAttribute('data-attempts'));
      await page.locator('[data-action="replay"]').click();
      await expect.poll(() => storedState(id), { timeout: 60_000 }).toBe('sending');
      // The screen has the claim (the pass counted its attempt) before its row is judged.
      await expect
        .poll(async () => Number(await row.getAttribute('data-attempts')), { timeout: 60_000 })
        .toBeGreaterThan(attempts);
      await screenshot(page, 'card-issue-orders-in-doubt-reading-1024');
      expect(await row.getAttribute('data-state')).toBe('in-doubt');
      expect(await row.locator('[data-action="send-again"]').isVisible()).toBe(true);
      expect(await found.inputValue()).toBe('12');
    } finally {
      terminal.sim.faults.latency(null);
      terminal.sim.faults.clearForcedStatus();
      terminal.sim.faults.releaseHeld();
    }
    // Reads answer again: the next pass finds the card the lost answer stored, never posts it twice.
    const entry = (await outbox()).find((e) => e.card?.barcode === code);
    const row = page.locator(`[data-order="${String(entry?.id)}"]`);
    await page.locator('[data-action="replay"]').click();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toBe('sent');
    expect(await cardsOnInstance(programme.companyId, code)).toBe(1);
  });

  it('Settings show the card company and the months a new card is valid', async () => {
    await goTo(page, 'settings');
    const card = page.locator('[data-section="card-issue"]');
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.locator('[data-card-company-current]').getAttribute('data-card-company-current'))
      .toBe(String(programme.companyId));
    expect(await card.locator('[data-field="cardValidityMonths"]').inputValue()).toBe('24');
    await screenshot(page, 'card-issue-settings-1024');
  });

  it('without Permissions.Companies.Create the action is refused before the dialog opens, naming it', async () => {
    const swagger = (await (await fetch(`${terminal.sim.url}/swagger`)).json()) as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    const every = new Set(
      Object.values(swagger.paths).flatMap((ops) =>
        Object.values(ops).flatMap((op) => (op['x-permission'] === undefined ? [] : [op['x-permission']])),
      ),
    );
    const demo = {
      clientId: terminal.env.POS_CLIENT_ID ?? '',
      clientSecret: terminal.env.POS_CLIENT_SECRET ?? '',
    };
    terminal.sim.admin.addClient({
      ...demo,
      permissions: [...every].filter((p) => p !== 'Permissions.Companies.Create'),
    });
    terminal.sim.admin.revokeTokens(demo.clientId);
    try {
      await goTo(page, 'sale');
      await page.keyboard.press('Control+k');
      const refusal = say('core:cardPermissionMissing', { permission: 'Permissions.Companies.Create' });
      await expect
        .poll(() => page.getByTestId('announcer').textContent(), { timeout: 30_000 })
        .toContain(refusal);
      expect(await dialog().count()).toBe(0);
    } finally {
      terminal.sim.admin.addClient({ ...demo, permissions: [...every] });
      terminal.sim.admin.revokeTokens(demo.clientId);
    }
  });
});
