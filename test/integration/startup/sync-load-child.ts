// Child of sync-load.test.ts: a till's core started as the shells start it (createAppCore on
// POS_DATA_DIR, the small demo instance), in a process where reads of the sync engine's module fail
// (EMFILE, as a busy till's file read can), so the start's own load of the sync runner fails. The
// sync interval is set to 0.02 minutes (1.2 s). Mode `called` (one failed read): the core's sync
// status (which loads the runner) is read until its lastSyncedAt has taken two values. Mode
// `untouched` (two failed reads, the start's and the first online's): nothing of the sync is asked;
// the app's status (which loads nothing) is read until it names a sync. 130 s at most. Prints one
// JSON line: how many reads failed, and the lastSyncedAt values seen.
import { registerHooks } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { startChildCore } from './child-core.ts';

const mode = process.argv[2] === 'untouched' ? 'untouched' : 'called';
const fault = { failures: mode === 'untouched' ? 2 : 1, failed: 0 };
registerHooks({
  load(url, context, nextLoad) {
    if (fault.failed < fault.failures && url.endsWith('/main/sync/index.ts')) {
      fault.failed++;
      throw Object.assign(new Error(`EMFILE: too many open files, open '${url}'`), { code: 'EMFILE' });
    }
    return nextLoad(url, context);
  },
});

process.env['POS_DEMO_SIZE'] = 'small';
const { StatusView, SyncStatusView } = await import('../../../contract/contract.ts');
const core = await startChildCore();
const seen = new Set<string>();
/** What the core says of the last sync: the sync's own status in mode `called`, else the app's. */
async function lastSynced(): Promise<string | null> {
  if (mode === 'called') {
    const status = await core.invoke('sync.status', {});
    return status.ok ? SyncStatusView.parse(status.value).lastSyncedAt : null;
  }
  const status = await core.invoke('status.get', {});
  return status.ok ? StatusView.parse(status.value).lastSyncedAt : null;
}
try {
  // The answer starts the background work: the start loads the sync runner, and that read fails.
  const set = await core.invoke('settings.set', { syncIntervalMinutes: 0.02 });
  if (!set.ok) throw new Error(set.error.message);
  const deadline = Date.now() + 130_000;
  while (fault.failed === 0 && Date.now() < deadline) await sleep(50);
  const wanted = mode === 'called' ? 2 : 1;
  while (seen.size < wanted && Date.now() < deadline) {
    const at = await lastSynced();
    if (at !== null) seen.add(at);
    await sleep(200);
  }
} finally {
  await core.close();
}
process.stdout.write(`${JSON.stringify({ failed: fault.failed, seen: [...seen] })}\n`);
