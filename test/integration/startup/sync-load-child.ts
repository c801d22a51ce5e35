// Child of sync-load.test.ts: a till's core started as the shells start it (createAppCore on
// POS_DATA_DIR, the demo instance), in a process where the first read of the sync engine's module
// fails (EMFILE, as a busy till's file read can), so the start's own load of the sync runner fails
// and a later one makes it. The sync interval is set to 0.02 minutes (1.2 s); the core's sync status
// is read until its lastSyncedAt has taken two values, or 130 s. Prints one JSON line: whether the
// read failed, and the values seen.
import { registerHooks } from 'node:module';
import { startChildCore } from './child-core.ts';
import { setTimeout as sleep } from 'node:timers/promises';

const fault = { failed: false };
registerHooks({
  load(url, context, nextLoad) {
    if (!fault.failed && url.endsWith('/main/sync/index.ts')) {
      fault.failed = true;
      throw Object.assign(new Error(`EMFILE: too many open files, open '${url}'`), { code: 'EMFILE' });
    }
    return nextLoad(url, context);
  },
});

const { SyncStatusView } = await import('../../../contract/contract.ts');
const core = await startChildCore();
const seen = new Set<string>();
try {
  // The answer starts the background work: the start loads the sync runner, and that read fails.
  const set = await core.invoke('settings.set', { syncIntervalMinutes: 0.02 });
  if (!set.ok) throw new Error(set.error.message);
  const deadline = Date.now() + 130_000;
  while (!fault.failed && Date.now() < deadline) await sleep(50);
  while (seen.size < 2 && Date.now() < deadline) {
    const status = await core.invoke('sync.status', {});
    const at = status.ok ? SyncStatusView.parse(status.value).lastSyncedAt : null;
    if (at !== null) seen.add(at);
    await sleep(200);
  }
} finally {
  await core.close();
}
process.stdout.write(`${JSON.stringify({ failed: fault.failed, seen: [...seen] })}\n`);
