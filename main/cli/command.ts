// What a CLI command is and what it gets to work with. A command returns its result (one value for
// --json, one text for people) and never writes to stdout itself: that is how `--json` stays exactly
// one JSON document. Logs and progress go to stderr through ctx.log. Context members are plain
// functions (no `this`), so a command may destructure them.
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { ServiceClient, ServiceConfig } from '../service/index.ts';
import type { ResolvedConfig } from '../settings/config.ts';

/** Exit statuses of INTERFACES.md. */
export const EXIT = { ok: 0, failure: 1, usage: 2, config: 3, unreachable: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the CLI reports with a chosen exit status (and, with --json, as `{ error: ... }`). */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: ExitCode;
  /** Extra machine-readable detail for the --json error document. */
  readonly details: Record<string, unknown> | undefined;
  constructor(exitCode: ExitCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.exitCode = exitCode;
    this.details = details;
  }
}

export function usageError(message: string): CliError {
  return new CliError(EXIT.usage, message);
}

/**
 * A command's action, named by its first word: one of `actions`, whose first is the action when no
 * word is given and is never written; another word is a usage error naming the command.
 */
export function actionWord<const A extends string>(
  actions: readonly [A, ...A[]],
  word: string | undefined,
  command: { readonly name: string; readonly usage: string },
): A {
  if (word === undefined) return actions[0];
  const found = actions.slice(1).find((a) => a === word);
  if (found === undefined)
    throw usageError(`Unknown ${command.name} action "${word}". Usage: pos ${command.name} ${command.usage}`);
  return found;
}

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: boolean;
  /** One line for the usage text, e.g. "only this warehouse (id)". */
  readonly description: string;
}

export interface CommandResult {
  /** Printed as the one JSON document with --json. */
  readonly json: unknown;
  /** Printed for people without --json (a trailing newline is added when missing). */
  readonly text: string;
  /**
   * 1 when the command ran and the result is a failure it reports (e.g. a rejected order); 4 when
   * the service went away partway (what was done is still printed).
   */
  readonly exitCode?: typeof EXIT.ok | typeof EXIT.failure | typeof EXIT.unreachable;
}

export type OptionValue = string | boolean | (string | boolean)[] | undefined;

export interface CommandContext {
  readonly name: string;
  readonly positionals: readonly string[];
  readonly options: Readonly<Record<string, OptionValue>>;
  readonly json: boolean;
  /** Fires on SIGINT/SIGTERM: pass it to every service call. */
  readonly signal: AbortSignal;
  /** A line on stderr (progress, warnings); never on stdout. */
  readonly log: (message: string) => void;
  /** Flags over environment, validated; ConfigError (exit 3) when something given is invalid. */
  readonly config: () => ResolvedConfig;
  /** The instance settings; exit 3 naming what is missing when they are not all given. */
  readonly serviceConfig: () => ServiceConfig;
  /** One client for the whole command, closed by the framework afterwards. */
  readonly service: () => ServiceClient;
  /** The local database <dataDir>/counter.sqlite, migrated; closed by the framework afterwards. */
  readonly db: () => Db;
  /** A string option, or undefined. */
  readonly string: (name: string) => string | undefined;
  /** An integer option (usage error, exit 2, when not an integer in range), or undefined. */
  readonly int: (name: string, range?: { min?: number; max?: number }) => number | undefined;
  readonly flag: (name: string) => boolean;
  /** Everything on stdin (for `order -`). */
  readonly readStdin: () => Promise<string>;
}

export interface Command {
  /** One line for the command list. */
  readonly summary: string;
  /** Arguments after the command name, e.g. "TEXT [--warehouse ID] [--limit N]". */
  readonly usage: string;
  readonly options?: Readonly<Record<string, OptionSpec>>;
  /** How many positionals the command takes; default none. */
  readonly positionals?: { readonly min?: number; readonly max?: number };
  run(ctx: CommandContext): Promise<CommandResult>;
}

/** Identity, for type checking a command module: `export const command = defineCommand({...})`. */
export function defineCommand(command: Command): Command {
  return command;
}

const integer = z
  .string()
  .regex(/^-?\d+$/, 'must be a whole number')
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n), 'is out of range');

/** Reads an integer option, turning a bad value into a usage error that names the option. */
export function intOption(
  name: string,
  value: OptionValue,
  range: { min?: number; max?: number } = {},
): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw usageError(`--${name} needs a value`);
  const parsed = integer.safeParse(value.trim());
  if (!parsed.success)
    throw usageError(`--${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}: "${value}"`);
  const n = parsed.data;
  if (range.min !== undefined && n < range.min) throw usageError(`--${name} must be at least ${range.min}`);
  if (range.max !== undefined && n > range.max) throw usageError(`--${name} must be at most ${range.max}`);
  return n;
}
