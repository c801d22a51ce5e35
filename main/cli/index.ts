// `npm run -s pos -- COMMAND [options]`: the headless Counter CLI (INTERFACES.md "Core CLI").
import { runCli } from './run.ts';

const interrupt = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // The reason names the signal, so a command can say what stopped it ("Sync cancelled (SIGINT)").
    interrupt.abort(signal);
  });
}

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  stdin: () => process.stdin,
  signal: interrupt.signal,
});
