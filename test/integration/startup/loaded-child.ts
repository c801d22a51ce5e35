// Child of lazy-libraries.test.ts: a till's core started as the shells start it (createAppCore on
// POS_DATA_DIR) with what the environment gives, then a few calls a cashier's first minute makes
// (`made`: what was loaded when the core was made, then one barcode). Every module the process loaded (ES and CommonJS, through Node's module hooks) is printed as one
// JSON line of URLs, so the test can say which libraries a start pulled in.
import { registerHooks } from 'node:module';
import { startChildCore } from './child-core.ts';

const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});

const core = await startChildCore();
let printed: readonly string[];
try {
  if (process.argv[2] === 'parsers') {
    // zod's parser compiling (main/core/start-parsers.ts): off when the core is made, on again once
    // its background work starts after the first answer.
    const { z } = await import('zod');
    const atMade = z.config().jitless === true;
    const answer = await core.invoke('session.scan', { code: '8591008000021', via: 'scanner' });
    if (!answer.ok) throw new Error(`session.scan: ${answer.error.message}`);
    const afterAnswer = z.config().jitless === true;
    while (z.config().jitless === true) await new Promise((resolve) => setTimeout(resolve, 10));
    printed = [`made:${String(atMade)}`, `answered:${String(afterAnswer)}`];
  } else if (process.argv[2] === 'made') {
    // What the core had loaded once made, ready for a restarted till's first barcode; then that
    // barcode (its background work starts after the answer, or a second after the start).
    printed = [...loaded];
    const answer = await core.invoke('session.scan', { code: '8591008000021', via: 'scanner' });
    if (!answer.ok) throw new Error(`session.scan: ${answer.error.message}`);
  } else {
    // The areas of the scanner and the hub answer without a port or a hub to reach.
    for (const channel of ['scanner.take', 'hub.get']) {
      const answer = await core.invoke(channel, {});
      if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
    }
    printed = [...loaded];
  }
} finally {
  await core.close();
}
process.stdout.write(`${JSON.stringify(printed)}\n`);
