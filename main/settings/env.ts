// The POS_* environment: the instance and the data folder given from outside the app (kiosks,
// tests, CI). Read by the app (instance.ts: over Settings) and the CLI (config.ts: under flags).
export type Env = Readonly<Record<string, string | undefined>>;

/** The variable that gives each setting. */
export const ENV_NAMES = {
  baseUrl: 'POS_BASE_URL',
  clientId: 'POS_CLIENT_ID',
  clientSecret: 'POS_CLIENT_SECRET',
  dataDir: 'POS_DATA_DIR',
  receiptPrinter: 'POS_RECEIPT_PRINTER',
} as const;

/** A setting's value from the environment, trimmed; undefined when unset or blank. */
export function fromEnv(env: Env, setting: keyof typeof ENV_NAMES): string | undefined {
  const value = env[ENV_NAMES[setting]];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
