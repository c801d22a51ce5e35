// A failed e2e test leaves a screenshot of its page as it was, in the run's language's folder
// (browser.ts ARTIFACTS) and named by the language too, so a shot shared out of it still says which.
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { screenshot, type RunningShell } from './browser.ts';
import { E2E_LANGUAGE } from './lang.ts';
import { pageLog } from './page-log.ts';
import type { KeymapDiagnostics } from '../../renderer/actions/attach.ts';

/** How much of the shell's log a failure prints: the last few dozen lines. */
const SHELL_LOG_SHOWN = 6000;

type Diagnosable = Window & { counterKeymap?: () => KeymapDiagnostics };

/**
 * Registers the file's afterEach; `page` is read then, as files open their page in beforeAll. With
 * `shell`, the end of the web shell's log is printed too (what the core said: the store hub's pull,
 * a sync's trouble), which the page cannot show.
 */
export function screenshotOnFailure(
  page: () => Page | undefined,
  prefix: string,
  shell?: () => RunningShell | undefined,
): void {
  afterEach(async (context) => {
    const current = page();
    if (context.task.result?.state !== 'fail' || current === undefined || current.isClosed()) return;
    // The describes' words too (which language a sale-languages case was in), without the file's.
    const name = context.task.fullName.slice(context.task.file.name.length);
    const test = name.replace(/\W+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
    await screenshot(current, `failed-${E2E_LANGUAGE}-${prefix}-${test}`);
    // Where the keyboard path stood (renderer/actions/attach.ts) and what the page logged: a scan
    // that never landed is then told from a key that never came.
    const keymap = await current
      .evaluate(() => (window as Diagnosable).counterKeymap?.() ?? null)
      .catch((error: unknown) => `unreadable: ${String(error)}`);
    console.error([`${prefix} ${test}: keymap ${JSON.stringify(keymap)}`, ...pageLog(current)].join('\n'));
    const log = shell?.()?.stderr();
    if (log !== undefined)
      console.error(`${prefix} ${test}: the web shell's log, its end:\n${log.slice(-SHELL_LOG_SHOWN)}`);
  });
}
