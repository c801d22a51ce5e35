// Which instance to talk to and where the local data lives, from flags over environment:
// --base-url/POS_BASE_URL, --client-id/POS_CLIENT_ID, --client-secret/POS_CLIENT_SECRET,
// --data-dir/POS_DATA_DIR. Validated with zod; errors name the setting and never echo the secret.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { ServiceConfig } from '../service/index.ts';
import { ENV_NAMES, fromEnv, type Env } from './env.ts';
import { trimSlash } from './origin.ts';
import { lazy } from '../../common/lazy.ts';

export interface ConfigSources {
  /** Parsed CLI flags by their flag name (without dashes); absent or undefined = not given. */
  flags?: Partial<Record<'base-url' | 'client-id' | 'client-secret' | 'data-dir', string | undefined>>;
  env?: Record<string, string | undefined>;
  /** Platform and home for the default data folder (tests). */
  platform?: NodeJS.Platform;
  home?: string;
}

export interface ResolvedConfig {
  /** The instance, when all three settings are given; undefined when none is. */
  service: ServiceConfig | undefined;
  dataDir: string;
  /** Where dataDir came from: a flag, the environment, or the platform default. */
  dataDirSource: 'flag' | 'env' | 'default';
}

/** Missing or invalid configuration; the CLI exits 3 with this message. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Configuration ${problems.length === 1 ? 'problem' : 'problems'}: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

const SETTINGS = {
  baseUrl: { flag: 'base-url', env: ENV_NAMES.baseUrl },
  clientId: { flag: 'client-id', env: ENV_NAMES.clientId },
  clientSecret: { flag: 'client-secret', env: ENV_NAMES.clientSecret },
  dataDir: { flag: 'data-dir', env: ENV_NAMES.dataDir },
} as const;
type Setting = keyof typeof SETTINGS;

function label(setting: Setting): string {
  return `${SETTINGS[setting].env} (or --${SETTINGS[setting].flag})`;
}

const baseUrlSchema = lazy(() =>
  z
    .string()
    .trim()
    .refine((v) => URL.canParse(v), 'must be a URL such as https://shop.example.com')
    .refine(
      (v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol),
      'must start with http:// or https://',
    )
    .refine(
      (v) => !URL.canParse(v) || (new URL(v).search === '' && new URL(v).hash === ''),
      'must not carry ?query or #fragment',
    )
    .refine(
      (v) => !URL.canParse(v) || (new URL(v).username === '' && new URL(v).password === ''),
      'must not contain credentials',
    )
    .transform(trimSlash),
);
const clientIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'is longer than 200 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
);
// The secret's value never appears in a message: only its shape is described.
const clientSecretSchema = lazy(() =>
  z.string().min(1, 'must not be empty').max(1000, 'is longer than 1000 characters'),
);
const dataDirSchema = lazy(() => z.string().trim().min(1, 'must not be empty'));

/** The value of a setting: a non-empty flag wins over a non-empty environment variable. */
function pick(setting: Setting, sources: ConfigSources): { value: string; from: 'flag' | 'env' } | undefined {
  const flag = sources.flags?.[SETTINGS[setting].flag];
  if (flag !== undefined && flag !== '') return { value: flag, from: 'flag' };
  const env = (sources.env ?? process.env)[SETTINGS[setting].env];
  if (env !== undefined && env !== '') return { value: env, from: 'env' };
  return undefined;
}

function check<T>(setting: Setting, schema: z.ZodType<T>, raw: string, problems: string[]): T | undefined {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  problems.push(`${label(setting)} ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  return undefined;
}

/**
 * The folder of counter.sqlite when POS_DATA_DIR is not set: the platform's per-user data folder.
 * APPDATA / XDG_DATA_HOME come from the same environment as the POS_* settings, not always from
 * process.env, so a caller that passes its own environment gets one consistent answer.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
  env: Record<string, string | undefined> = process.env,
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Counter');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Counter');
  return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'counter');
}

/** The app's data folder (both shells): POS_DATA_DIR, else the platform default, as for the CLI. */
export function dataDirOf(env: Env): string {
  return fromEnv(env, 'dataDir') ?? defaultDataDir();
}

/**
 * Resolves and validates everything given. An invalid value is always an error; missing instance
 * settings are an error only when some but not all three are given (a half-configured instance is a
 * mistake), and otherwise reported by requireService() for the commands that need the service.
 */
export function resolveConfig(sources: ConfigSources = {}): ResolvedConfig {
  const problems: string[] = [];
  const baseUrl = pick('baseUrl', sources);
  const clientId = pick('clientId', sources);
  const clientSecret = pick('clientSecret', sources);
  const dataDir = pick('dataDir', sources);

  const url = baseUrl && check('baseUrl', baseUrlSchema, baseUrl.value, problems);
  const id = clientId && check('clientId', clientIdSchema, clientId.value, problems);
  const secret = clientSecret && check('clientSecret', clientSecretSchema, clientSecret.value, problems);
  const dir = dataDir && check('dataDir', dataDirSchema, dataDir.value, problems);

  const given = [baseUrl, clientId, clientSecret].filter((v) => v !== undefined).length;
  if (given > 0 && given < 3) problems.push(missingMessage({ baseUrl, clientId, clientSecret }));
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    service: url && id && secret ? { baseUrl: url, clientId: id, clientSecret: secret } : undefined,
    dataDir: resolve(dir ?? defaultDataDir(sources.platform, sources.home, sources.env ?? process.env)),
    dataDirSource: dataDir?.from ?? 'default',
  };
}

function missingMessage(given: Partial<Record<Setting, unknown>>): string {
  const missing = (['baseUrl', 'clientId', 'clientSecret'] as const).filter((s) => given[s] === undefined);
  return `missing ${missing.map(label).join(', ')}`;
}

/** The instance settings, or ConfigError naming all three when none is given. */
export function requireService(config: ResolvedConfig): ServiceConfig {
  if (config.service) return config.service;
  throw new ConfigError([
    `${missingMessage({})}: set them to the instance URL and the client credentials issued for it`,
  ]);
}
