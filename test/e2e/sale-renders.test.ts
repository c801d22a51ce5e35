// How much of the Sale screen React renders again for a scan's answer (issue 35, point 6), in
// Debian's Chromium through the web shell against the real sim, in Czech at 1024x768. Each answer
// brings the whole session anew (every line a new object): the parts of the screen that show
// nothing of what changed are not rendered again. Counted by a stand-in for React's devtools hook
// (installed before the page's scripts), which sees each commit's fiber tree: a component rendered
// in a commit has new hook state; one React skipped keeps the old. Nothing here times anything.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goTo, scan, scanSettled } from './app.ts';
import { launchChromium, SIZES, startWebShellProcess, type RunningShell } from './browser.ts';
import { screenshotOnFailure } from './failure-shot.ts';
import { newPage } from './lang.ts';
import type { SyncedTerminal } from '../support/terminal.ts';
import { configureTill, freshTerminal, stopAll, syncCache } from '../support/terminal.ts';

const WAREHOUSE = 1;
const NAMES = ['Mléko polotučné 1 l', 'Chléb kmínový', 'Máslo 250 g', 'Jogurt bílý 150 g'];
/** A well-formed EAN-13 no product has: the core answers "unknown" with the session unchanged. */
const UNKNOWN = '8590000000008';

let terminal: SyncedTerminal;
let shell: RunningShell;
let browser: Browser;
let page: Page;
let barcodes: string[];

/**
 * Runs in the page before React: React hands each committed tree to this hook. A part is told by
 * the element it renders at its top (a row by its data-line); its renders are counted by its first
 * hook's object, which React makes anew whenever it calls the component and keeps when it skips it.
 */
function countRenders(): void {
  const seen = new Map<string, unknown>();
  const renders: Record<string, number> = {};
  type Fiber = {
    child: Fiber | null;
    sibling: Fiber | null;
    return: Fiber | null;
    type: unknown;
    memoizedProps: Record<string, unknown> | null;
    memoizedState: unknown;
  };
  const partOf = (host: Fiber): string | undefined => {
    const props = host.memoizedProps ?? {};
    if (host.type === 'tr' && typeof props['data-line'] === 'string') return `row ${props['data-line']}`;
    if (host.type === 'section' && props['data-testid'] === 'key-legend') return 'legend';
    if (host.type === 'div' && props['data-totals'] !== undefined) return 'totals';
    if (host.type === 'div' && props['data-testid'] === 'customer') return 'customer';
    if (host.type === 'button' && props['data-action'] === 'parked-sales') return 'parked';
    return undefined;
  };
  const isHost = (fiber: Fiber | null): fiber is Fiber => fiber !== null && typeof fiber.type === 'string';
  const isComponent = (fiber: Fiber | null): fiber is Fiber =>
    fiber !== null && typeof fiber.type === 'function';
  /**
   * Parts told otherwise: the code entry renders a Form (a component) around its form element; the
   * exchange credit note is the component right inside the totals' box, whatever it renders (mostly
   * nothing).
   */
  const otherPartOf = (fiber: Fiber): string | undefined => {
    const below = fiber.child;
    if (isComponent(below) && isHost(below.child) && below.child.type === 'form') {
      if (below.child.memoizedProps?.['className'] === 'code-entry') return 'code entry';
    }
    const up = fiber.return;
    if (isHost(up) && up.type === 'div' && up.memoizedProps?.['data-totals'] !== undefined)
      return 'exchange credit';
    return undefined;
  };
  /** Per commit, the parts it rendered, in order. */
  const commits: string[][] = [];
  const walk = (root: Fiber): void => {
    const rendered: string[] = [];
    commits.push(rendered);
    const stack: Fiber[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop() as Fiber;
      const part = !isComponent(fiber)
        ? undefined
        : isHost(fiber.child)
          ? (partOf(fiber.child) ?? otherPartOf(fiber))
          : otherPartOf(fiber);
      if (part !== undefined && seen.get(part) !== fiber.memoizedState) {
        seen.set(part, fiber.memoizedState);
        renders[part] = (renders[part] ?? 0) + 1;
        rendered.push(part);
      }
      if (fiber.sibling !== null) stack.push(fiber.sibling);
      if (fiber.child !== null) stack.push(fiber.child);
    }
  };
  Object.assign(window, {
    __renders: renders,
    __commits: commits,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      setStrictMode: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current),
    },
  });
}

const renders = (): Promise<Record<string, number>> =>
  page.evaluate(() => ({ ...(window as unknown as { __renders: Record<string, number> }).__renders }));
const commits = (): Promise<string[][]> =>
  page.evaluate(() => [...(window as unknown as { __commits: string[][] }).__commits]);
const rows = () => page.locator('[data-testid="sale-lines"] tbody tr');
/** The key legend follows the sale after the frame that shows it: wait until it names the selected line. */
const legendFollows = (name: string) =>
  expect
    .poll(() => page.getByTestId('key-legend').locator('[data-legend-key="quantity"]').textContent())
    .toContain(name);
const outcome = () => page.locator('[data-testid="announcer"] [data-scan-outcome]');

beforeAll(async () => {
  terminal = await freshTerminal('sale-renders');
  barcodes = NAMES.map(
    (productName, i) =>
      terminal.sim.admin.addStockItem({
        warehouseId: WAREHOUSE,
        productName,
        unitOfMeasure: 'ks',
        vatRate: 21,
        price: 19.9 + i * 10,
        quantityInStock: 500,
        quantityAvailable: 500,
      })['barcode'] as string,
  );
  await syncCache(terminal.env);
  configureTill(terminal.dataDir);
  [shell, browser] = await Promise.all([startWebShellProcess(terminal.env), launchChromium()]);
  page = await newPage(browser, { viewport: SIZES[0] });
  await page.addInitScript(countRenders);
  await page.goto(shell.url);
  await goTo(page, 'sale');
}, 120_000);

afterAll(() => stopAll(terminal, shell, browser));

screenshotOnFailure(() => page, 'sale-renders');

describe('a scan renders what it changed on the Sale screen', () => {
  it('an unknown code renders no part of the screen; a new line its row and the totals, not the others', async () => {
    // The scans land in the code field's focus (a scan from elsewhere: the next test).
    await page.locator('[data-field="code"]').focus();
    for (const [i, code] of barcodes.slice(0, 3).entries()) {
      await scan(page, code);
      await expect.poll(() => rows().count()).toBe(i + 1);
    }
    await expect.poll(() => outcome().getAttribute('data-scan-outcome')).toBe('ok');
    await legendFollows(NAMES[2] as string);
    const first = await rows().first().getAttribute('data-line');
    const before = await renders();
    // The page sees the tree (the hook stand-in works): each row and part rendered at least once.
    for (const part of [
      `row ${String(first)}`,
      'legend',
      'totals',
      'customer',
      'parked',
      'code entry',
      'exchange credit',
    ])
      expect(before[part], part).toBeGreaterThan(0);

    // Refused: the answer brings the same session (new objects) and an error said in the announcer.
    await scan(page, UNKNOWN);
    await expect.poll(() => outcome().getAttribute('data-scan-outcome')).toBe('error');
    const unknown = await renders();
    expect(unknown).toEqual(before);

    // A new line: its row and the totals render; the first row (neither selected before nor now),
    // the customer and the F10 button show nothing of it; nor does the code entry (a line is selected
    // before and after: the selected line's name is not shown) or the exchange credit's note (no
    // credit: it shows nothing, whatever the total).
    await scan(page, barcodes[3] as string);
    await expect.poll(() => rows().count()).toBe(4);
    const added = await renders();
    const last = await rows().last().getAttribute('data-line');
    expect(added[`row ${String(last)}`]).toBe(1);
    expect(added['totals']).toBeGreaterThan(unknown['totals'] ?? 0);
    const unchanged = [`row ${String(first)}`, 'customer', 'parked', 'code entry', 'exchange credit'];
    const of = (counts: Record<string, number>) =>
      unchanged.map((part) => `${part}: ${String(counts[part])}`);
    expect(of(added)).toEqual(of(unknown));
  });

  it('a scan from outside the code field: its hop there and back renders the key legend no more', async () => {
    // From the page's body: the scan's first key moves focus to the code field, and the scan hands
    // it back. What the keys do is the same before and after: the legend shows no hop.
    const onBody = () => page.evaluate(() => document.activeElement === document.body);
    await page.locator('[data-field="code"]').blur();
    await expect.poll(onBody).toBe(true);
    await scanSettled(page);
    await legendFollows(NAMES[3] as string);
    const before = await renders();

    // Refused: nothing of the screen, the legend neither.
    await scan(page, UNKNOWN);
    await expect.poll(() => outcome().getAttribute('data-scan-outcome')).toBe('error');
    await scanSettled(page);
    await expect.poll(onBody).toBe(true);
    // (The legend reads focus a task after it left: let that task run.)
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
    expect(await renders()).toEqual(before);

    // A new line (the first product again: its quantity raised, the line selected): the legend once.
    await scan(page, barcodes[0] as string);
    await expect.poll(() => outcome().getAttribute('data-scan-outcome')).toBe('ok');
    await scanSettled(page);
    await expect.poll(onBody).toBe(true);
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
    await legendFollows(NAMES[0] as string);
    expect((await renders())['legend']).toBe((before['legend'] ?? 0) + 1);
  });

  it("a scan's line is committed without the key legend, which follows in a commit of its own", async () => {
    // The third product again: its quantity raised and its line selected (the first one was), so
    // what the legend says for the selected line changes with the scan.
    await page.locator('[data-field="code"]').focus();
    await scanSettled(page);
    const line = await rows().nth(2).getAttribute('data-line');
    const since = (await commits()).length;
    await scan(page, barcodes[2] as string);
    await legendFollows(NAMES[2] as string);
    const after = (await commits()).slice(since);
    const withRow = after.findIndex((parts) => parts.includes(`row ${String(line)}`));
    expect(withRow).toBeGreaterThanOrEqual(0);
    expect(after[withRow]).not.toContain('legend');
    expect(after.slice(withRow + 1).some((parts) => parts.includes('legend'))).toBe(true);
  });
});
