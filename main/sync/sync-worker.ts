// The sync worker thread: a whole sync run (HTTP, parsing, SQLite writes) off the core's event
// loop, with its own heap limit. Started by worker.ts; talks in zod-checked messages.
import { parentPort, workerData } from 'node:worker_threads';
import { openCatalog } from '../../db/database.ts';
import { ServiceClient } from '../service/index.ts';
import { WorkerCommand, WorkerInput, type WorkerMessage } from './worker-protocol.ts';
import { runSync } from './sync.ts';
import { lowerThreadPriority } from './thread-priority.ts';

const port = parentPort;
if (!port) throw new Error('sync-worker runs as a worker thread');
const input = WorkerInput.parse(workerData);
const post = (message: WorkerMessage): void => port.postMessage(message);
const controller = new AbortController();
port.on('message', (raw: unknown) => {
  WorkerCommand.parse(raw); // the one command there is: cancel
  controller.abort();
});

lowerThreadPriority();
const db = openCatalog(input.dbFile);
// Background work may wait: another process opening the data folder (a second `pos sync`, the app
// migrating its file with the catalog attached) can hold the catalog's write lock for seconds on a
// busy machine, and a page written a little later is better than a resource failed "database is
// locked". Every write transaction here is BEGIN IMMEDIATE, so it waits for the lock before it reads.
db.pragma('busy_timeout = 30000');
// Sync's own connection checkpoints the WAL every ~40 MB instead of every ~4 MB: index pages rewritten
// by consecutive pages are copied back once, and the checkpoint's fsync happens 10 times less often.
db.pragma('wal_autocheckpoint = 10000');
const { maxResponseBytes, requestDeadlineMs } = input.options;
const service = new ServiceClient(input.service, {
  onCredentials: (accepted) => post({ type: 'credentials', accepted }),
  ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
  ...(requestDeadlineMs === undefined ? {} : { requestDeadlineMs }),
});
try {
  const report = await runSync(db, service, {
    ...input.options,
    instance: input.service.baseUrl,
    signal: controller.signal,
    onEvent: (event) => post({ type: 'event', event }),
  });
  post({ type: 'report', report });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
} finally {
  await service.close();
  db.close();
  port.close();
}
