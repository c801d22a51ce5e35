// The CLI framework: parse arguments (node:util parseArgs), find the command, give it a context
// (config, service client, database, logging), print its one result, map failures to exit statuses.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Db } from '../../db/database.ts';
import { buildClient } from '../areas/index.ts';
import type { ServiceClient } from '../service/index.ts';
import { requireService, resolveConfig, type ResolvedConfig } from '../settings/config.ts';
import {
  CliError,
  EXIT,
  intOption,
  usageError,
  type Command,
  type CommandContext,
  type CommandResult,
  type ExitCode,
  type OptionSpec,
  type OptionValue,
} from './command.ts';
import { commands } from './commands.ts';
import { openDataDir } from './data-dir.ts';
import { toCliError } from './exit.ts';
import { terminalSafe } from './terminal-text.ts';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  /** Read lazily, only by a command that asks for stdin. */
  stdin?: () => AsyncIterable<string | Uint8Array>;
  /** Aborts running service calls (SIGINT); the entry point wires it. */
  signal?: AbortSignal;
}

/** Options every command accepts. */
export const GLOBAL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', description: 'print exactly one JSON document on stdout' },
  help: { type: 'boolean', short: 'h', description: 'show usage' },
  verbose: { type: 'boolean', short: 'v', description: 'log service requests on stderr' },
  'base-url': { type: 'string', description: 'instance URL (overrides POS_BASE_URL)' },
  'client-id': { type: 'string', description: 'client id (overrides POS_CLIENT_ID)' },
  'client-secret': {
    type: 'string',
    description:
      'client secret (overrides POS_CLIENT_SECRET); visible to other users of this machine in the process list: prefer --client-secret-file',
  },
  'client-secret-file': {
    type: 'string',
    description: 'read the client secret from this file, or from standard input with -',
  },
  'data-dir': { type: 'string', description: 'folder of counter.sqlite (overrides POS_DATA_DIR)' },
};

export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const json = argv.includes('--json');
  let cleanup: (() => Promise<void>) | undefined;
  /** The instance a failure concerns, once the command resolved its settings. */
  let baseUrl: () => string | undefined = () => undefined;
  let dataDir: () => string | undefined = () => undefined;
  try {
    const name = commandName(argv);
    if (name === undefined || name === 'help') {
      const topic = name === 'help' ? positionalsOf(argv)[1] : undefined;
      return await printHelp(io, topic, argv.includes('--help') || argv.includes('-h') || name === 'help');
    }
    const load = commands[name];
    if (!load) throw usageError(`Unknown command "${name}". Run "pos --help" for the list.`);
    const { command } = await load();
    const parsed = parse(name, command, argv);
    if (parsed.values.help === true) {
      io.stdout(commandUsage(name, command));
      return EXIT.ok;
    }
    const built = buildContext(name, parsed, io);
    cleanup = built.cleanup;
    baseUrl = built.baseUrl;
    dataDir = built.dataDir;
    const result = await command.run(built.ctx);
    print(io, json, result);
    return result.exitCode ?? EXIT.ok;
  } catch (error) {
    const failure = toCliError(error, baseUrl(), dataDir());
    if (json)
      io.stdout(
        `${JSON.stringify({ error: { exitCode: failure.exitCode, message: failure.message, ...failure.details } }, null, 2)}\n`,
      );
    io.stderr(`pos: ${terminalSafe(failure.message)}\n`);
    if (failure.exitCode === EXIT.usage && !json) io.stderr('Run "pos --help" for usage.\n');
    return failure.exitCode;
  } finally {
    await cleanup?.();
  }
}

function print(io: CliIo, json: boolean, result: CommandResult): void {
  if (json) {
    io.stdout(`${JSON.stringify(result.json ?? null, null, 2)}\n`);
    return;
  }
  const text = terminalSafe(result.text);
  if (text !== '') io.stdout(text.endsWith('\n') ? text : `${text}\n`);
}

// ---- Arguments ---------------------------------------------------------------------------------

type ParseOptions = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

function toParseOptions(specs: Readonly<Record<string, OptionSpec>>): ParseOptions {
  const out: ParseOptions = {};
  for (const [name, spec] of Object.entries(specs)) {
    out[name] = {
      type: spec.type,
      ...(spec.short === undefined ? {} : { short: spec.short }),
      ...(spec.multiple === undefined ? {} : { multiple: spec.multiple }),
    };
  }
  return out;
}

/** Positionals when only the global options are known (to find the command name). */
function positionalsOf(argv: readonly string[]): string[] {
  const { positionals } = parseArgs({
    args: [...argv],
    options: toParseOptions(GLOBAL_OPTIONS),
    strict: false,
    allowPositionals: true,
  });
  return positionals;
}

function commandName(argv: readonly string[]): string | undefined {
  return positionalsOf(argv)[0];
}

interface Parsed {
  values: Record<string, OptionValue>;
  positionals: string[];
}

function parse(name: string, command: Command, argv: readonly string[]): Parsed {
  let parsed: Parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: toParseOptions({ ...GLOBAL_OPTIONS, ...command.options }),
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    // parseArgs explains unknown options and missing values well; it only needs the exit status.
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  const positionals = parsed.positionals.slice(1); // [0] is the command name
  const min = command.positionals?.min ?? 0;
  const max = command.positionals?.max ?? 0;
  if (positionals.length < min) throw usageError(`Too few arguments. Usage: pos ${name} ${command.usage}`);
  if (positionals.length > max) {
    throw usageError(`Unexpected argument "${positionals[max] ?? ''}". Usage: pos ${name} ${command.usage}`);
  }
  return { values: parsed.values, positionals };
}

// ---- Context -----------------------------------------------------------------------------------

/** --client-secret-file PATH (- for standard input): the secret without showing it in `ps`. */
function secretFromFile(path: string | undefined, positionals: readonly string[]): string | undefined {
  if (path === undefined) return undefined;
  if (path === '-' && positionals.includes('-')) {
    throw new CliError(EXIT.usage, 'Standard input can carry the order file or the client secret, not both.');
  }
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      EXIT.config,
      `Cannot read the client secret from ${path === '-' ? 'standard input' : path}: ${reason}`,
    );
  }
  const secret = text.replace(/\r?\n$/, '');
  if (secret.trim() === '') {
    throw new CliError(
      EXIT.config,
      `The client secret file ${path === '-' ? '(standard input)' : path} is empty.`,
    );
  }
  return secret;
}

function buildContext(
  name: string,
  parsed: Parsed,
  io: CliIo,
): {
  ctx: CommandContext;
  cleanup: () => Promise<void>;
  baseUrl: () => string | undefined;
  dataDir: () => string | undefined;
} {
  const { values } = parsed;
  const str = (key: string): string | undefined => {
    const v = values[key];
    return typeof v === 'string' ? v : undefined;
  };
  const verbose = values.verbose === true;
  const log = (message: string): void => io.stderr(`${message}\n`);
  let config: ResolvedConfig | undefined;
  let client: ServiceClient | undefined;
  let db: Db | undefined;
  const getConfig = (): ResolvedConfig =>
    (config ??= resolveConfig({
      env: io.env,
      flags: {
        'base-url': str('base-url'),
        'client-id': str('client-id'),
        'client-secret':
          str('client-secret') ?? secretFromFile(str('client-secret-file'), parsed.positionals),
        'data-dir': str('data-dir'),
      },
    }));
  const ctx: CommandContext = {
    name,
    positionals: parsed.positionals,
    options: values,
    json: values.json === true,
    signal: io.signal ?? new AbortController().signal,
    log,
    config: getConfig,
    serviceConfig: () => requireService(getConfig()),
    // Built as the app builds its client; a command waits the client's 10 s for a connection.
    service: () =>
      (client ??= buildClient(requireService(getConfig()), { log, logFrom: verbose ? 'debug' : 'warn' })),
    db: () => (db ??= openDataDir(getConfig(), log)),
    string: str,
    int: (key, range) => intOption(key, values[key], range),
    flag: (key) => values[key] === true,
    readStdin: async () => {
      if (!io.stdin) throw new CliError(EXIT.usage, 'No standard input available');
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of io.stdin())
        text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      return text + decoder.decode();
    },
  };
  return {
    ctx,
    baseUrl: () => config?.service?.baseUrl,
    dataDir: () => config?.dataDir,
    cleanup: async () => {
      await client?.close();
      db?.close();
    },
  };
}

// ---- Usage -------------------------------------------------------------------------------------

function optionLines(specs: Readonly<Record<string, OptionSpec>>): string[] {
  return Object.entries(specs).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.type === 'string' ? ' VALUE' : ''}`;
    return `  ${flag.padEnd(28)} ${spec.description}`;
  });
}

function commandUsage(name: string, command: Command): string {
  const own = command.options ? ['', 'Options:', ...optionLines(command.options)] : [];
  return [
    `Usage: pos ${name} ${command.usage}`.trimEnd(),
    '',
    command.summary,
    ...own,
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
  ].join('\n');
}

/** `pos`, `pos --help`, `pos help [COMMAND]`. No command at all is a usage error (exit 2). */
async function printHelp(io: CliIo, topic: string | undefined, asked: boolean): Promise<ExitCode> {
  if (topic !== undefined) {
    const load = commands[topic];
    if (!load) throw usageError(`Unknown command "${topic}". Run "pos --help" for the list.`);
    io.stdout(commandUsage(topic, (await load()).command));
    return EXIT.ok;
  }
  const rows: string[] = [];
  for (const [name, load] of Object.entries(commands)) {
    const { command } = await load();
    rows.push(`  ${name.padEnd(10)} ${command.summary}`);
  }
  const text = [
    'Usage: pos COMMAND [options]',
    '',
    'Commands:',
    ...rows,
    '',
    'Global options:',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Configuration (flags of the same name override): POS_BASE_URL, POS_CLIENT_ID, POS_CLIENT_SECRET, POS_DATA_DIR.',
    'Exit status: 0 done, 1 failure reported, 2 usage, 3 configuration missing or invalid, 4 service unreachable.',
    '',
  ].join('\n');
  if (asked) {
    io.stdout(text);
    return EXIT.ok;
  }
  io.stderr(text);
  throw usageError('No command given.');
}
