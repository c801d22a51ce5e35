// Which instance the app talks to. POS_* environment wins over Settings (kiosks, tests); with neither
// the app runs on the built-in demo instance. The result names its source so the UI can say why.
import { say, type Said } from '../../contract/core-words.ts';
import type { AppSettings } from './store.ts';
import type { CredentialStore } from './credentials.ts';
import { fromEnv, type Env } from './env.ts';
import { instanceOrigin, isInsecure, trimSlash } from './origin.ts';

export interface InstanceConfig {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly source: 'env' | 'settings' | 'demo';
}

export type InstanceResolution =
  | { readonly kind: 'ready'; readonly config: InstanceConfig }
  | { readonly kind: 'demo' }
  /** An instance URL is set but the client id or secret is missing (or https): say which, a sentence each. */
  | {
      readonly kind: 'incomplete';
      readonly source: 'env' | 'settings';
      readonly baseUrl: string;
      readonly missing: readonly Said[];
    };

export const DEMO_CLIENT = { clientId: 'counter-demo', clientSecret: 'counter-demo-secret' } as const;

export function resolveInstance(
  env: Env,
  settings: Pick<AppSettings, 'instanceUrl' | 'clientId' | 'secretOrigin' | 'allowInsecure'>,
  credentials: CredentialStore,
): InstanceResolution {
  const envUrl = fromEnv(env, 'baseUrl');
  const source = envUrl === undefined ? 'settings' : 'env';
  const baseUrl = envUrl ?? settings.instanceUrl ?? undefined;
  if (baseUrl === undefined) return { kind: 'demo' };
  const clientId = fromEnv(env, 'clientId') ?? settings.clientId ?? undefined;
  // The stored secret goes only to the origin it was entered for.
  const stored = credentials.getSecret();
  const storedFits = settings.secretOrigin === null || settings.secretOrigin === instanceOrigin(baseUrl);
  const clientSecret = fromEnv(env, 'clientSecret') ?? (storedFits ? stored : undefined);
  const insecure = isInsecure(baseUrl) && !settings.allowInsecure && env.POS_ALLOW_INSECURE !== '1';
  const missing = [
    ...(clientId === undefined ? [say('missingClientId')] : []),
    ...(clientSecret === undefined
      ? [
          storedFits || stored === undefined
            ? say('missingClientSecret')
            : say('missingClientSecretFor', { origin: instanceOrigin(baseUrl) ?? baseUrl }),
        ]
      : []),
    ...(insecure ? [say('missingHttps')] : []),
  ];
  if (clientId === undefined || clientSecret === undefined || insecure) {
    return { kind: 'incomplete', source, baseUrl: trimSlash(baseUrl), missing };
  }
  return { kind: 'ready', config: { baseUrl: trimSlash(baseUrl), clientId, clientSecret, source } };
}

export function secretFromEnv(env: Env): boolean {
  return fromEnv(env, 'clientSecret') !== undefined;
}

/** For the status bar: host and port only, never credentials or paths. */
export function displayInstance(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
