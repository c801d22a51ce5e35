// The scan storm's floor (test/bench/scan-storm.ts): what "last key -> line painted" costs with no
// app at all. A bare page in the storm's own browser holds a table shaped like the Sale screen's
// lines and one keydown listener: it keeps a scan's keys and, in the Enter's own task, adds the
// code's row (no call, no framework, nothing else on the page). The storm's wedge scanner types into
// it exactly as into Counter (storm-input.ts: keys through Chromium's input pipeline, each stamped,
// at a scanner's pace), idle and under the same busy loops, and the probe that times Counter's lines
// (storm-probe.ts: the growth seen, then the first frame out: rAF, then a task) times these rows.
// So the floor is the key's trip into the page plus the wait for the next frame: no page can paint
// a scan sooner in this browser on this machine under that load, and Counter's figures are read
// against it (storm.wedge.*.lastKeyToPaint.p50OverFloor, p99OverFloor).
import type { Browser, Page } from 'playwright-core';
import { drain, installProbe, listenForEnters, painted } from './storm-probe.ts';
import type { Scanner } from './storm-input.ts';
import { BASKET, LOST_AFTER_MS, PACE_MS, emptyResult, record, type PhaseResult } from './storm-run.ts';

/** The bare page, in a page of its own in `browser` (the Sale screen's viewport), probe installed. */
export async function openFloor(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await listenForEnters(page);
  // A navigation, not setContent: the probe's Enter notes are an init script, run as a document loads.
  await page.goto(`data:text/html,${encodeURIComponent(FLOOR_HTML)}`);
  await page.evaluate(() => {
    const lines = document.querySelector('[data-testid="sale-lines"] tbody');
    let code = '';
    window.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') {
        if (e.key.length === 1) code += e.key;
        return;
      }
      const row = document.createElement('tr');
      row.setAttribute('data-barcode', code);
      row.setAttribute('data-quantity', '1');
      for (const text of [code, '1']) row.insertCell().textContent = text;
      lines?.append(row);
      code = '';
    });
  });
  await installProbe(page);
  return page;
}

const FLOOR_HTML =
  '<!doctype html><title>floor</title><table data-testid="sale-lines"><tbody></tbody></table>';

export interface FloorOptions {
  /** A page from openFloor. */
  readonly page: Page;
  /** The storm's wedge scanner on that page. */
  readonly scanner: Scanner;
  readonly count: number;
  readonly codes: readonly string[];
  readonly log: (line: string) => void;
}

/**
 * `count` scans into the bare page at the storm's pace, its table emptied after each basket's worth
 * as Counter's sale is voided; each scan painted is a sample (its parts: the key's wait for the page,
 * and the row until the frame was out; the rest are 0, as the page makes no call).
 */
export async function runFloor(o: FloorOptions): Promise<PhaseResult> {
  const r = emptyResult();
  await drain(o.page);
  let rows = 0;
  for (let n = 0; n < o.count; n++) {
    const code = o.codes[n % o.codes.length] ?? '';
    const m = await o.scanner.scan(code);
    const shown = await painted(o.page, ++rows, m.lastKeyAt, LOST_AFTER_MS);
    if (shown !== null) record(r, m, shown, false);
    else {
      r.lost++;
      o.log(`  floor: ${code} not painted within ${LOST_AFTER_MS} ms`);
    }
    if (shown === null || rows >= BASKET || n + 1 >= o.count) {
      await o.page.evaluate(() =>
        document.querySelector('[data-testid="sale-lines"] tbody')?.replaceChildren(),
      );
      await drain(o.page);
      rows = 0;
    }
    await o.page.waitForTimeout(PACE_MS);
  }
  return r;
}
