// What a page said while a test drove it: uncaught errors and console errors/warnings, with the time
// each came. A failed test prints them (failure-shot.ts): an exception in a key handler is otherwise
// invisible, and a dead key looks like a lost one.
import type { Page } from 'playwright-core';

const logs = new WeakMap<Page, string[]>();
/** Enough to see what led up to a failure, bounded for a page that logs in a loop. */
const KEPT = 200;

export function watchPage(page: Page): Page {
  const lines: string[] = [];
  logs.set(page, lines);
  const add = (line: string): void => {
    lines.push(`${new Date().toISOString()} ${line}`);
    if (lines.length > KEPT) lines.shift();
  };
  page.on('pageerror', (error) => add(`pageerror: ${error.stack ?? error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') add(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('crash', () => add('the page crashed'));
  // The console's "Failed to load resource" names no address: the response does.
  page.on('response', (response) => {
    if (response.status() >= 400)
      add(`HTTP ${String(response.status())} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    add(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  return page;
}

export function pageLog(page: Page): readonly string[] {
  return logs.get(page) ?? [];
}
