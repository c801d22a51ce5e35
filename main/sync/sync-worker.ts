// The sync worker thread: a whole sync run (HTTP, parsing, SQLite writes) off the core's event
// loop, with its own heap limit. Started by worker.ts; talks in zod-checked messages.
import { parentPort, workerData } from 'node:worker_threads';
import { openCatalog, waitingLonger } from '../../db/database.ts';
import { ServiceClient } from '../service/index.ts';
import { WorkerCommand, WorkerInput, type WorkerMessage } from './worker-protocol.ts';
import { runSync } from './sync.ts';
import { giveWayTo } from './till-work.ts';

const port = parentPort;
if (!port) throw new Error('sync-worker runs as a worker thread');
const input = WorkerInput.parse(workerData);
const post = (message: WorkerMessage): void => port.postMessage(message);
const controller = new AbortController();
port.on('message', (raw: unknown) => {
  WorkerCommand.parse(raw); // the one command there is: cancel
  controller.abort();
});

const giveWay =
  input.tillWork === undefined
    ? undefined
    : giveWayTo(input.tillWork, {
        onWait: () => post({ type: 'gaveWay' }),
        signal: controller.signal,
        ...(input.options.giveWayMaxMs === undefined ? {} : { maxWaitMs: input.options.giveWayMaxMs }),
      });
const db = openCatalog(input.dbFile);
// Background work may wait (db/database.ts waitingLonger). Every write transaction here is BEGIN
// IMMEDIATE, so it waits for the lock before it reads.
waitingLonger(db);
const { maxResponseBytes, requestDeadlineMs } = input.options;
const service = new ServiceClient(input.service, {
  onCredentials: (accepted) => post({ type: 'credentials', accepted }),
  ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
  ...(requestDeadlineMs === undefined ? {} : { requestDeadlineMs }),
  ...(giveWay === undefined ? {} : { beforeDecode: giveWay }),
});
try {
  const report = await runSync(db, service, {
    ...input.options,
    instance: input.service.baseUrl,
    signal: controller.signal,
    ...(giveWay === undefined ? {} : { giveWay }),
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
