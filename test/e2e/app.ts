// Page helpers for the e2e tests: what a cashier does, in Playwright terms.
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { LAUNCH_PASS_HEADER } from '../../contract/channels.ts';
import { LAUNCH_PASS_STORAGE_KEY } from '../../renderer/platform/launch-pass.ts';
import type { KeymapDiagnostics } from '../../renderer/actions/attach.ts';
import { DEFAULT_SCANNER_CONFIG } from '../../renderer/scanner/index.ts';
import { launchChromium, SIZES, startWebShellProcess, type RunningShell } from './browser.ts';
import { tapCalls } from './call-tap.ts';
import { lastKeyStamp, sendKeys } from './keys.ts';
import { expect } from 'vitest';
import { newPage, say } from './lang.ts';
import {
  configureTill,
  freshTerminal,
  plainProducts,
  syncCache,
  syncedTerminal,
  type SyncedTerminal,
} from '../support/terminal.ts';

type Diagnosable = Window & { counterKeymap?: () => KeymapDiagnostics };

/**
 * A keyboard-wedge scanner typing `code` then Enter at `msPerKey` (10 ms/key). The keys go in through
 * Chromium's input pipeline in one go, each stamped with the scanner's own timing (keys.ts), as the
 * OS stamps a real scanner's key events: a loaded test machine cannot then stretch the gaps between
 * keys, which a scanner never does. test/bench/ measures the real-time path separately.
 */
export async function scan(page: Page, code: string, msPerKey = 10): Promise<void> {
  // A scan comes after the person's last key has gone quiet: more than the scanner module's longest
  // key gap after it (else the person's keys and the scan are one burst), and, for a scanner slower
  // than its fast pace, after its quiet time. Keys are stamped with the real clock (keys.ts), so that
  // much real time passes first: counted from the last stamped key, and at least the gap for keys
  // typed through page.keyboard (stamped when Chromium takes them, before this call).
  const { maxGapMs, fastGapMs, quietBeforeMs } = DEFAULT_SCANNER_CONFIG;
  const quietMs = (msPerKey > fastGapMs ? quietBeforeMs : maxGapMs) + 1;
  await page.waitForTimeout(Math.max(quietMs, lastKeyStamp(page) + quietMs - Date.now()));
  await sendKeys(page, `${code}\n`, Date.now(), msPerKey);
}

/**
 * Resolves once the page has applied every scan it took (renderer/actions/attach.ts counterKeymap:
 * no keys held as a possible scan, none waiting, none being applied) or a dialog asks about one. A
 * check of what a scan did then reads that scan's outcome, never what an earlier one left on screen.
 */
export async function scanSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const keymap = (window as Diagnosable).counterKeymap?.();
        if (document.querySelector('[role="dialog"], [role="alertdialog"]') !== null) return true;
        return (
          keymap !== undefined && !keymap.scannerHolding && keymap.scansWaiting === 0 && !keymap.scanApplying
        );
      }),
    )
    .toBe(true);
}

/**
 * Places the sale as a cashier does: F9 opens the payment panel, Enter with nothing typed takes the
 * exact amount in cash and places the order. The panel closes either way (placed, or refused by the
 * core with the reason on the Sale screen).
 */
export async function placeOrder(page: Page): Promise<void> {
  // INTERFACES.md's stable hook for the payment region (the dialog inside it is `payment-panel`).
  const panel = page.getByTestId('payment');
  await page.keyboard.press('F9');
  await panel.waitFor();
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached' });
}

export async function goTo(
  page: Page,
  screen: 'sale' | 'stock' | 'orders' | 'settings' | 'shift' | 'returns',
): Promise<void> {
  const key = { sale: 'F1', stock: 'F2', orders: 'F3', settings: 'F4', shift: 'F5', returns: 'F11' }[screen];
  await page.getByTestId('status-bar').waitFor();
  await page.keyboard.press(key);
  await page.getByTestId(screen).waitFor();
}

export function statusBar(page: Page) {
  return page.getByTestId('status-bar');
}

/**
 * Null when the status bar shows every item whole inside the window, none over another (a crowded
 * bar takes a second line rather than cut one; the instance's address and a cashier's name too, and
 * one longer than the whole bar breaks within itself). Else what is wrong.
 */
export function statusBarProblems(page: Page): Promise<string | null> {
  return statusBar(page).evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    if (box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5)
      return `the bar ends at ${String(box.right)}, ${String(box.bottom)}`;
    if (bar.scrollWidth > bar.clientWidth + 1)
      return `the bar's items are ${String(bar.scrollWidth)} px wide`;
    const items = Array.from(bar.children).filter((el): el is HTMLElement => el instanceof HTMLElement);
    const seen: { name: string; r: DOMRect }[] = [];
    for (const item of items) {
      const r = item.getBoundingClientRect();
      const name = item.textContent;
      if (r.right > box.right + 0.5 || r.left < box.left - 0.5) return `"${name}" runs past the bar`;
      const over = seen.find(
        (s) =>
          r.left < s.r.right - 0.5 &&
          s.r.left < r.right - 0.5 &&
          r.top < s.r.bottom - 0.5 &&
          s.r.top < r.bottom - 0.5,
      );
      if (over !== undefined) return `"${name}" is over "${over.name}"`;
      if (item.scrollWidth > item.clientWidth + 1) return `"${name}" is cut`;
      if (r.width > 0) seen.push({ name, r });
    }
    return null;
  });
}

/**
 * Syncs every resource from Settings and waits until each is done. A configured shell may already be
 * syncing on its own at start (the button is disabled meanwhile, for as long as that takes on a busy
 * machine): then that sync is waited for instead of a second one. Waits in the page, so a beforeAll
 * may call it too.
 */
export async function syncAll(page: Page): Promise<void> {
  const failure = await page.evaluate(syncInPage, {
    timeoutMs: 90_000,
    pass: { header: LAUNCH_PASS_HEADER, key: LAUNCH_PASS_STORAGE_KEY },
  });
  if (failure !== null) throw new Error(`syncAll: ${failure}`);
}

/**
 * Run in the page. The core's sync.status says whether a sync runs and how the last one ended; the
 * screen is taken as synced once it shows that same end (each resource done, at the core's time). Sync
 * now is clicked only when nothing runs and not everything is done; after the click, only an end seen
 * after the button went disabled counts, so a sync that ended just before the click cannot pass for
 * the clicked one. Returns null, or what the screen and the core showed when time ran out.
 */
async function syncInPage(options: {
  timeoutMs: number;
  /** How the page signs a call (the launch pass's header, its secret kept in localStorage). */
  pass: { header: string; key: string };
}): Promise<string | null> {
  const { timeoutMs, pass } = options;
  interface Resource {
    resource: string;
    state: string;
    lastSyncedAt: string | null;
  }
  const deadline = Date.now() + timeoutMs;
  const rows = () => [...document.querySelectorAll('[data-section="sync"] [data-resource]')];
  const button = () => document.querySelector('[data-action="sync-now"]');
  const core = async (): Promise<{ running: boolean; resources: Resource[] }> => {
    const answer = await fetch('/rpc/sync.status', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [pass.header]: localStorage.getItem(pass.key) ?? '',
      },
      body: '{}',
    });
    const envelope = (await answer.json().catch(() => ({}))) as {
      value?: { running: boolean; resources: Resource[] };
    };
    if (!answer.ok || envelope.value === undefined)
      throw new Error(`sync.status answered ${answer.status}: ${JSON.stringify(envelope)}`);
    return envelope.value;
  };
  const shows = (resources: Resource[]): boolean => {
    const shown = new Map(rows().map((e) => [e.getAttribute('data-resource'), e]));
    return (
      shown.size === resources.length &&
      resources.every((r) => {
        const row = shown.get(r.resource);
        const at = row?.querySelector('[data-synced-at]')?.getAttribute('data-synced-at');
        return row?.getAttribute('data-state') === r.state && at === (r.lastSyncedAt ?? '');
      })
    );
  };
  // Set once Sync now is clicked: it notes the button going disabled (the click's sync running).
  let watcher: MutationObserver | null = null;
  let sawRunning = false;
  let status = { running: true, resources: [] as Resource[] };
  try {
    for (;;) {
      status = await core();
      // (No button yet: the screen is still coming; waited for as a sync is.)
      const free = button();
      const shown = free instanceof HTMLButtonElement;
      if (shown && free.disabled) {
        if (watcher !== null) sawRunning = true;
      } else if (shown && !status.running) {
        const done = status.resources.length >= 6 && status.resources.every((r) => r.state === 'done');
        if (done && (watcher === null || sawRunning)) {
          if (shows(status.resources)) return null;
        } else if (!done && watcher === null) {
          watcher = new MutationObserver((records) => {
            if (records.some((r) => r.oldValue === null)) sawRunning = true;
          });
          watcher.observe(free, { attributeFilter: ['disabled'], attributeOldValue: true });
          free.click();
        }
      }
      if (Date.now() > deadline) {
        const screen = rows().map(
          (e) => `${e.getAttribute('data-resource')}=${e.getAttribute('data-state')}`,
        );
        const said = status.resources.map((r) => `${r.resource}=${r.state}`);
        return (
          `not synced in ${timeoutMs} ms (${watcher === null ? 'not clicked' : 'clicked'}): ` +
          `screen ${screen.join(' ')}; core ${status.running ? 'running ' : ''}${said.join(' ')}`
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    watcher?.disconnect();
  }
}

/** The amount a locator's text shows ("−12,50 Kč" -> -12.5): its digits, sign and decimal comma. */
export async function amountIn(locator: Locator): Promise<number> {
  return amountOf((await locator.textContent()) ?? '');
}

export function amountOf(text: string): number {
  const kept = Array.from(text)
    .filter((c) => /[\d,.\-−]/.test(c))
    .join('')
    .replace('−', '-');
  return Number(kept.replace(',', '.'));
}

/**
 * The till's web shell started on `env`, a browser page on it (1024x768 unless `options` say), on the
 * Sale screen. `tapped`: its calls tapped from the start (call-tap.ts; tapCalls(page) gives the tap).
 */
export async function openOnSale(
  env: Record<string, string>,
  options: BrowserContextOptions = { viewport: SIZES[0] },
  tapped = false,
): Promise<{ shell: RunningShell; browser: Browser; page: Page }> {
  const [shell, browser] = await Promise.all([startWebShellProcess(env), launchChromium()]);
  const opened = await newPage(browser, options);
  if (tapped) await tapCalls(opened);
  await opened.goto(shell.url);
  await goTo(opened, 'sale');
  return { shell, browser, page: opened };
}

/** A product a scan sells at once: a 13-digit barcode (no in-store 2… code), plainly sellable; `where`: more SQL. */
export interface PlainProduct {
  readonly barcode: string;
  readonly warehouseId: number;
}

/**
 * A synced till (`name` its data folder's), set to the warehouse of the first plain product its
 * catalog lists (`where` narrows it), its web shell and a 1024x768 page on the Sale screen.
 */
export async function openTillSelling(
  name: string,
  where = 'TRUE',
  tapped = false,
): Promise<{
  terminal: SyncedTerminal;
  product: PlainProduct;
  shell: RunningShell;
  browser: Browser;
  page: Page;
}> {
  const terminal = await syncedTerminal(name);
  const [product] = plainProducts<PlainProduct>(terminal.dataDir, {
    columns: 'barcode, warehouseId',
    where,
    limit: 1,
  });
  if (product === undefined) throw new Error(`no plain product in ${name}'s catalog where ${where}`);
  configureTill(terminal.dataDir, { warehouseId: product.warehouseId });
  return { terminal, product, ...(await openOnSale(terminal.env, { viewport: SIZES[0] }, tapped)) };
}

/**
 * Calls the core from the page as a script does (POST /rpc/<channel> with its launch pass header) and
 * returns the answer's value; throws with the status when the call was refused or failed.
 */
export async function askCore<T>(page: Page, channel: string, input: unknown = {}): Promise<T> {
  const { status, envelope } = await page.evaluate(
    async ({ channel, body, key, header }) => {
      const answer = await fetch(`/rpc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: localStorage.getItem(key) ?? '' },
        body,
      });
      return { status: answer.status, envelope: (await answer.json().catch(() => ({}))) as unknown };
    },
    { channel, body: JSON.stringify(input), key: LAUNCH_PASS_STORAGE_KEY, header: LAUNCH_PASS_HEADER },
  );
  const answered = envelope as { ok?: boolean; value?: T };
  if (answered.ok !== true || answered.value === undefined)
    throw new Error(`${channel} answered ${status}: ${JSON.stringify(envelope)}`);
  return answered.value;
}

/** A product of a test's own: its name and whatever differs from a plain piece at 49,90 with 90 in stock. */
export type OwnItem = { readonly productName: string } & Readonly<Record<string, unknown>>;

/**
 * A fresh sim given `items` (pieces at 49,90, VAT 21 %, 90 in stock, in warehouse 1, unless an item
 * says otherwise), a till (`name` its data folder's) synced from it and set to warehouse 1, its web
 * shell and a 1024x768 page on the Sale screen.
 */
export async function openTillWith(
  name: string,
  items: readonly OwnItem[],
): Promise<{ terminal: SyncedTerminal; shell: RunningShell; browser: Browser; page: Page }> {
  const terminal = await freshTerminal(name);
  for (const item of items)
    terminal.sim.admin.addStockItem({
      unitOfMeasure: 'ks',
      vatRate: 21,
      price: 49.9,
      warehouseId: 1,
      quantityInStock: 90,
      quantityAvailable: 90,
      ...item,
    });
  await syncCache(terminal.env);
  configureTill(terminal.dataDir);
  return { terminal, ...(await openOnSale(terminal.env)) };
}

/**
 * The set-up of a till that sells: waits until it is online, syncs everything from Settings when
 * `sync` is set (a fresh terminal's cache is empty), and on the Sale screen takes warehouse `id`, or
 * the first one listed. Returns the warehouse taken.
 */
export async function takeWarehouse(
  page: Page,
  options: { readonly sync?: boolean; readonly id?: () => number } = {},
): Promise<number> {
  await expect.poll(() => statusBar(page).textContent(), { timeout: 30_000 }).toContain(say('common:online'));
  if (options.sync === true) {
    await goTo(page, 'settings');
    // The shell may already be syncing on its own: syncAll waits for that one then.
    await syncAll(page);
  }
  await goTo(page, 'sale');
  const section = page.locator('[data-section="sale-warehouse"]');
  const select = section.locator('select');
  // The placeholder and at least one warehouse.
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  const id = options.id?.() ?? Number(await select.locator('option').nth(1).getAttribute('value'));
  await expect.poll(() => select.locator(`option[value="${String(id)}"]`).count()).toBe(1);
  await select.selectOption(String(id));
  await section.waitFor({ state: 'detached' });
  return id;
}

/**
 * Sets the manager PIN in Settings (its card, typed twice) and waits until the card says a PIN is
 * set. Returns the card. The lock shuts when the cashier leaves Settings.
 */
export async function setManagerPin(page: Page, pin: string): Promise<Locator> {
  await goTo(page, 'settings');
  const card = page.locator('[data-section="manager-pin"]');
  await card.locator('[data-field="newManagerPin"]').fill(pin);
  await card.locator('[data-field="newManagerPinAgain"]').fill(pin);
  await card.locator('[data-action="set-manager-pin"]').click();
  await expect.poll(() => card.getAttribute('data-pin-set')).toBe('true');
  return card;
}
