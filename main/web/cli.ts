// `npm run web -- [--port N]`: the web shell alone. Prints exactly one line on stdout when ready:
// `open http://127.0.0.1:PORT/launch?token=...`; everything else goes to stderr. Another app holding
// the data folder: says which on stderr and exits 1, having opened nothing.
//
// The core and the server are imported when the shell starts, after the compile cache is on: a
// restarted till then compiles none of its modules again (issue 36, point 3).
import { enableCompileCache } from 'node:module';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const Args = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(0),
});

export async function runWebShell(argv: readonly string[]): Promise<void> {
  let args: z.infer<typeof Args>;
  try {
    const { values } = parseArgs({ args: [...argv], options: { port: { type: 'string' } }, strict: true });
    args = Args.parse(values);
  } catch (error) {
    console.error(`usage: npm run web -- [--port N]\n${error instanceof Error ? error.message : ''}`);
    process.exitCode = 2;
    return;
  }
  const log = (line: string) => console.error(line);
  const [
    { MemoryCredentialStore },
    { createAppCore, FolderInUseError },
    { ensureRendererBuilt },
    { startWebShell },
  ] = await Promise.all([
    import('../settings/credentials.ts'),
    import('../core/launch.ts'),
    import('./build.ts'),
    import('./server.ts'),
  ]);
  const staticDir = await ensureRendererBuilt(log);
  let core;
  try {
    core = await createAppCore({
      env: process.env,
      credentials: new MemoryCredentialStore(),
      // Kept as the client secret is here: in memory (POS_STORE_HUB gives a kiosk its hub for good).
      hubSecrets: new MemoryCredentialStore(),
      app: 'web',
      log,
    });
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  const shell = await startWebShell({ core, staticDir, port: args.port });
  console.log(`open ${shell.url}`);
  const stop = () => {
    void shell
      .close()
      .then(() => core.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.main) {
  // V8's compiled code and Node's stripped TypeScript, kept between starts (in the system's temporary
  // folder; a changed file is compiled again): it halves the CPU a restart spends loading modules.
  enableCompileCache();
  await runWebShell(process.argv.slice(2));
}
