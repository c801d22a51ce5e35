// The stock-item writer thread: commits each page (rows + units to fetch + cursor) in one
// transaction on its own connection, so the core's event loop never waits for a page's writes.
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { openCatalog } from '../../db/database.ts';
import { lowerThreadPriority } from './thread-priority.ts';
import { writeStockPage } from './writer.ts';
import { WriterRequest, type WriterReply } from './writer-protocol.ts';

const port = parentPort;
if (!port) throw new Error('writer-worker runs as a worker thread');
const { file } = z.object({ file: z.string() }).parse(workerData);
lowerThreadPriority();
const db = openCatalog(file);
// Sync's own connection checkpoints the WAL every ~40 MB instead of every ~4 MB: index pages rewritten
// by consecutive pages are copied back once, and the checkpoint's fsync happens 10 times less often.
db.pragma('wal_autocheckpoint = 10000');
const reply = (message: WriterReply): void => port.postMessage(message);

port.on('message', (raw: unknown) => {
  const request = WriterRequest.parse(raw);
  if (request.type === 'close') {
    db.close();
    reply({ type: 'closed' });
    port.close();
    return;
  }
  try {
    // The rows' own fields were checked by the service client's schema before they were sent here.
    writeStockPage(db, request.page);
    reply({ type: 'written', id: request.page.id });
  } catch (error) {
    reply({
      type: 'failed',
      id: request.page.id,
      message: error instanceof Error ? error.message : String(error),
      ...codeOf(error),
    });
  }
});
reply({ type: 'ready' });

function codeOf(error: unknown): { code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? { code } : {};
}
