// `--demo` of the read-only commands (stock, scan, shift): the built-in demo's till, its own files
// in the data folder (demo.sqlite and its catalog, as the app's demo keeps them: main/areas/link.ts),
// instead of the configured instance's. The demo instance itself runs only inside the app.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../db/database.ts';
import { CliError, EXIT, type CommandContext } from './command.ts';

export const DEMO_OPTION = {
  type: 'boolean',
  description: "the built-in demo's till (its own file) instead of the configured one",
} as const;

/** The demo's till when --demo was given (the caller closes it), else undefined. */
export function demoDb(ctx: CommandContext): Db | undefined {
  if (!ctx.flag('demo')) return undefined;
  const file = join(ctx.config().dataDir, 'demo.sqlite');
  if (!existsSync(file))
    throw new CliError(
      EXIT.failure,
      `The built-in demo has not run in ${ctx.config().dataDir} yet: start the app (npm start or npm run web) without an instance, then try again.`,
    );
  return openDatabase(file, { busyTimeoutMs: 30_000 });
}
