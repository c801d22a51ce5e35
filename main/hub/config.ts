// Which store hub this till joins, and as whom. POS_STORE_HUB (nats://TILL:PASSWORD@HOST:PORT) sets
// it for kiosks and tests and wins over Settings; Settings keep the hub's URL, this till's name and
// whether this till hosts the hub (its port, the store's tills) in the `storeHub` row, and the
// passwords in the shell's credential store (as the client secret is kept: encrypted by the OS where
// it can, never returned to the screens, never logged).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { settingValue, writeSettings } from '../../db/settings.ts';
import { dialHost, hostPort, TillName } from './names.ts';
import type { HubUser } from './server.ts';
import { lazy } from '../../common/lazy.ts';

export const STORE_HUB_ENV = 'POS_STORE_HUB';
/** The address the hub this till hosts listens on (the store's LAN); every interface when unset. */
export const HUB_LISTEN_ENV = 'POS_STORE_HUB_LISTEN';
export const DEFAULT_HUB_LISTEN = '0.0.0.0';
const KEY = 'storeHub';

export const HubSettings = lazy(() =>
  z.object({
    /** nats://host:port of the hub; null: none (or the one this till hosts). */
    url: z.string().nullable().default(null),
    /** This till's name in the store (its hub user). */
    till: TillName.nullable().default(null),
    /** This till runs the store's hub (nats-server) itself. */
    hosts: z.boolean().default(false),
    port: z.int().min(1).max(65535).default(4222),
    /** The store's tills the hub this till hosts lets in (this till among them). */
    tills: z.array(TillName).default([]),
  }),
);
export type HubSettings = z.infer<typeof HubSettings>;

/** What the credential store holds for the hub: this till's password, and every till's when it hosts. */
const HubSecrets = lazy(() =>
  z.object({
    password: z.string().optional(),
    hosted: z.record(z.string(), z.string()).default({}),
  }),
);
export type HubSecrets = z.infer<typeof HubSecrets>;

/** The shell's credential store (main/settings CredentialStore), as much of it as the hub uses. */
export interface SecretStore {
  getSecret(): string | undefined;
  setSecret(secret: string): void;
}

export class HubConfigError extends Error {
  override name = 'HubConfigError';
}

export function readHubSettings(db: Db): HubSettings {
  const text = settingValue(db, KEY);
  const parsed = HubSettings.safeParse(text === null ? {} : safeJson(text));
  return parsed.success ? parsed.data : HubSettings.parse({});
}

export function writeHubSettings(db: Db, settings: HubSettings): void {
  writeSettings(db, [[KEY, JSON.stringify(HubSettings.parse(settings))]]);
}

export function readSecrets(store: SecretStore | undefined): HubSecrets {
  const text = store?.getSecret();
  const parsed = HubSecrets.safeParse(text === undefined ? {} : safeJson(text));
  return parsed.success ? parsed.data : { hosted: {} };
}

export function writeSecrets(store: SecretStore, secrets: HubSecrets): void {
  store.setSecret(JSON.stringify(HubSecrets.parse(secrets)));
}

/** A fresh till password: 144 random bits, URL-safe. */
export function newPassword(): string {
  return randomBytes(18).toString('base64url');
}

export type HubResolution =
  | { readonly kind: 'off' }
  | { readonly kind: 'incomplete'; readonly missing: readonly ('url' | 'till' | 'password')[] }
  | {
      readonly kind: 'ready';
      readonly url: string;
      readonly till: string;
      readonly password: string;
      readonly source: 'env' | 'settings';
    };

/** POS_STORE_HUB's hub, till and password; throws HubConfigError naming the variable when it is no such URL. */
export function hubFromEnv(env: Readonly<Record<string, string | undefined>>): HubResolution | undefined {
  const text = env[STORE_HUB_ENV]?.trim();
  if (text === undefined || text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HubConfigError(`${STORE_HUB_ENV} is not a URL (nats://TILL:PASSWORD@HOST:PORT).`);
  }
  const till = TillName.safeParse(decodeURIComponent(url.username));
  if (url.protocol !== 'nats:' || url.hostname === '' || !till.success || url.password === '') {
    throw new HubConfigError(`${STORE_HUB_ENV} must be nats://TILL:PASSWORD@HOST:PORT.`);
  }
  return {
    kind: 'ready',
    url: `nats://${url.host}`,
    till: till.data,
    password: decodeURIComponent(url.password),
    source: 'env',
  };
}

const ListenAddress = lazy(() => z.union([z.ipv4(), z.ipv6()]));

/**
 * The address the hub this till hosts listens on: POS_STORE_HUB_LISTEN, else every interface
 * (0.0.0.0); throws HubConfigError naming the variable when it is no IPv4 or IPv6 address.
 */
export function hubListenFromEnv(env: Readonly<Record<string, string | undefined>>): string {
  const text = env[HUB_LISTEN_ENV]?.trim();
  if (text === undefined || text === '') return DEFAULT_HUB_LISTEN;
  const parsed = ListenAddress.safeParse(text);
  if (!parsed.success)
    throw new HubConfigError(
      `${HUB_LISTEN_ENV} must be an IPv4 or IPv6 address (such as 127.0.0.1, 192.168.1.10 or ::1), not ${JSON.stringify(text)}.`,
    );
  if (linkLocalV6(parsed.data))
    throw new HubConfigError(
      `${HUB_LISTEN_ENV} ${JSON.stringify(text)} is an IPv6 link-local address (fe80::/10), which names no network without an interface: give the till's IPv4 address or a global or unique-local IPv6 one.`,
    );
  if (groupAddress(parsed.data))
    throw new HubConfigError(
      `${HUB_LISTEN_ENV} ${JSON.stringify(text)} is a multicast or broadcast address, which no server listens on: give the till's own address on the shop's network.`,
    );
  return parsed.data;
}

/** Multicast (224.0.0.0/4, ff00::/8) or the IPv4 broadcast: addresses of groups, never of one till. */
function groupAddress(address: string): boolean {
  if (address.includes(':')) return /^ff[0-9a-f]{0,2}:/i.test(address);
  const first = Number(address.split('.')[0]);
  return (first >= 224 && first <= 239) || address === '255.255.255.255';
}

/**
 * fe80::/10: valid text, but nats-server can bind it only with a zone (%eth0), which neither the
 * address check nor a tills' URL carries; refused at start rather than found when the hub will not listen.
 */
function linkLocalV6(address: string): boolean {
  if (!address.includes(':')) return false;
  const first = address.split(':')[0] ?? '';
  return first !== '' && (Number.parseInt(first, 16) & 0xffc0) === 0xfe80;
}

/** The hub this till joins: POS_STORE_HUB, else Settings with the stored password. */
export function resolveHub(
  env: Readonly<Record<string, string | undefined>>,
  settings: HubSettings,
  secrets: HubSecrets,
): HubResolution {
  const fromEnv = hubFromEnv(env);
  if (fromEnv !== undefined) return fromEnv;
  const url =
    settings.url ??
    (settings.hosts ? `nats://${hostPort(dialHost(hubListenFromEnv(env)), settings.port)}` : null);
  if (url === null && settings.till === null) return { kind: 'off' };
  const password =
    settings.hosts && settings.till !== null ? secrets.hosted[settings.till] : secrets.password;
  const missing = [
    ...(url === null ? (['url'] as const) : []),
    ...(settings.till === null ? (['till'] as const) : []),
    ...(password === undefined ? (['password'] as const) : []),
  ];
  if (url === null || settings.till === null || password === undefined)
    return { kind: 'incomplete', missing };
  return { kind: 'ready', url, till: settings.till, password, source: 'settings' };
}

/**
 * The users of the hub this till hosts: each of the store's tills (this one among them) with its
 * password, a new one made for a till that has none yet. Returns the users and the secrets to store.
 */
export function hostedUsers(
  settings: HubSettings,
  secrets: HubSecrets,
): { users: HubUser[]; secrets: HubSecrets } {
  const names = [...new Set([...(settings.till === null ? [] : [settings.till]), ...settings.tills])];
  const hosted = { ...secrets.hosted };
  for (const name of names) hosted[name] ??= newPassword();
  return {
    users: names.map((user) => ({ user, password: hosted[user] ?? '' })),
    secrets: { ...secrets, hosted },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
