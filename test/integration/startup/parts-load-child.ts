// Child of parts-load.test.ts: a till's core started as the shells start it (createAppCore on
// POS_DATA_DIR), in a process where the first read of one module of the Link's parts fails as a
// file read can fail on a busy till (EMFILE: too many open files), once. Then the hub's call
// (hub.get, which loads the parts first: main/areas/link.ts loadParts) is asked until it answers,
// at most a few times. Prints one JSON line: whether the read failed, and each answer's ok or error.
import { registerHooks } from 'node:module';
import { startChildCore } from './child-core.ts';

const failing = process.argv[2] ?? '/main/areas/receipt-printer.ts';
let failed = false;
registerHooks({
  load(url, context, nextLoad) {
    if (!failed && url.endsWith(failing)) {
      failed = true;
      throw Object.assign(new Error(`EMFILE: too many open files, open '${url}'`), { code: 'EMFILE' });
    }
    return nextLoad(url, context);
  },
});

const core = await startChildCore();
const answers: string[] = [];
try {
  // The first call meets the failed read (or the background start met it before): the next one
  // must load the parts afresh, not be handed the same failure.
  for (let i = 0; i < 3; i++) {
    const answer = await core.invoke('hub.get', {});
    answers.push(answer.ok ? 'ok' : `error: ${answer.error.message}`);
    if (answer.ok) break;
  }
} finally {
  await core.close();
}
process.stdout.write(`${JSON.stringify({ failed, answers })}\n`);
