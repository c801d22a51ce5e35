// What the page benchmarks share: the contract called from the page as the renderer calls it, a
// wait for the running sync, and the catalog's first warehouse.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { LAUNCH_PASS_HEADER } from '../../contract/channels.ts';
import { LAUNCH_PASS_STORAGE_KEY } from '../../renderer/platform/launch-pass.ts';

/**
 * Calls the contract from the page itself (same origin, with both halves of the launch pass: the
 * shell's cookie, and the page's secret in its header), as a script does (the renderer's own calls
 * go over its call channel).
 */
export async function rpc(page: Page, channel: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    async ([c, i, header, key]) => {
      const r = await fetch(`/rpc/${c}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: localStorage.getItem(key) ?? '' },
        body: JSON.stringify(i),
      });
      const envelope = (await r.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
      if (!envelope.ok) throw new Error(envelope.error?.message ?? 'rpc failed');
      return envelope.value;
    },
    [channel, input, LAUNCH_PASS_HEADER, LAUNCH_PASS_STORAGE_KEY] as const,
  );
}

export async function waitSyncIdle(page: Page): Promise<void> {
  for (;;) {
    const status = (await rpc(page, 'sync.status', {})) as { running: boolean };
    if (!status.running) return;
    await page.waitForTimeout(200);
  }
}

export function firstWarehouse(dataDir: string): number {
  const db = new Database(join(dataDir, 'counter.catalog.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT id FROM warehouse ORDER BY id LIMIT 1').pluck().get() as number;
  } finally {
    db.close();
  }
}
