// The store hub area (issue 38): which hub this till joins (POS_STORE_HUB, else Settings with the
// stored password), the hub's server when this till hosts it, and the link that publishes this
// till's journal and applies the others'. buildHub runs it beside the instance's other parts (the
// Link holds it, over the file the till's sales are in) and starts it again as one when its setting
// changes; hubArea answers the hub's and the store's calls from it.
import { join } from 'node:path';
import type { HubSetInput, HubView, StoreShiftView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { storeParkedCount } from '../../db/store-parked.ts';
import {
  HubServer,
  hostedUsers,
  hubListenFromEnv,
  readHubSettings,
  readSecrets,
  resolveHub,
  StoreHub,
  storeShifts,
  writeHubSettings,
  writeSecrets,
  type HubArea,
  type HubResolution,
  type SecretStore,
} from '../hub/index.ts';
import type { Env } from '../settings/env.ts';
import { hubHandlers } from '../hub/index.ts';
import { loadedFirst, type Area, type CallsOf, type Till } from './area.ts';

export interface HubNeeds {
  /** The file the till's sales and journal are in. */
  readonly db: Db;
  /** counter.sqlite: where the hub's setting is kept. */
  readonly settingsDb: Db;
  readonly dataDir: string;
  readonly env: Env;
  /** Where the hub's passwords are kept (as the client secret is); none: POS_STORE_HUB only. */
  readonly secrets?: SecretStore;
  log(line: string): void;
  /** What the status bar shows of the hub changed (connected or not). */
  changed(): void;
  /** Other tills' events arrived (the store's screens). */
  applied?(count: number): void;
  readonly maxRetryMs?: number;
}

interface Running {
  readonly resolution: HubResolution;
  readonly server: HubServer | null;
  readonly link: StoreHub | null;
}

/** The hub's calls, answered from the hub the Link runs (loaded first: link.ts loadParts). */
export function hubArea(till: Till): Area<CallsOf<'hub' | 'store'>> {
  return {
    handlers: loadedFirst(
      hubHandlers({
        hub: () => {
          const hub = till.link()?.hub;
          if (hub == null) throw new Error('The store hub is not set up yet.');
          return hub;
        },
        guard: (what) => till.guard(what),
      }),
      async () => till.link()?.loadParts(),
    ),
  };
}

/** Starts the hub's parts in the background (a hosted server takes a moment) and returns at once. */
export function buildHub(needs: HubNeeds): HubArea {
  // The status bar hears of the hub only when what it shows changes, not at every event applied.
  // What it shows came by either path: this area's status events, or the status other parts' events
  // and status.get's answers carry (each reads status() below). So a status is sent unless it is
  // both the one last sent here and the one last read: judged against the hub's own events alone,
  // a page given "1 parked" by another part's event (a sync finished) or an answer before the hub's
  // own look, the sale then taken here, kept showing 1 (the hub's last event had said none, as it
  // is again), and the parked list opened then never followed the store.
  let sent = '';
  let read = '';
  let inner: HubArea | null = null;
  const outer: HubNeeds = {
    ...needs,
    changed: () => {
      const now = JSON.stringify(inner?.status() ?? null);
      if (now === sent && now === read) return;
      sent = now;
      needs.changed();
    },
  };
  const area = hubOf(outer);
  inner = area;
  return {
    ...area,
    status: () => {
      const now = area.status();
      read = JSON.stringify(now ?? null);
      return now;
    },
  };
}

function hubOf(needs: HubNeeds): HubArea {
  let running: Running = idle(needs);
  let starting: Promise<void> | null = null;
  const begin = () => {
    starting ??= start(needs).then((r) => {
      running = r;
      needs.changed();
    });
    return starting;
  };
  const settings = () => readHubSettings(needs.settingsDb);
  const view = (): HubView => {
    const s = settings();
    const r = running.resolution;
    const status = running.link?.status();
    const source = r.kind === 'ready' ? r.source : r.kind === 'off' ? 'none' : 'settings';
    const secrets = readSecrets(needs.secrets);
    return {
      source,
      // What Settings say (the form's field), or POS_STORE_HUB's: never the address a hosting till
      // works out from its listen address, which a save would then keep even after that changed.
      url: r.kind === 'ready' && r.source === 'env' ? r.url : s.url,
      till: r.kind === 'ready' ? r.till : s.till,
      hosts: s.hosts,
      port: s.port,
      tills: s.tills,
      passwordSet: r.kind === 'ready' || secrets.password !== undefined,
      missing: r.kind === 'incomplete' ? [...r.missing] : [],
      connected: status?.connected ?? false,
      downSince: status?.downSince?.toISOString() ?? null,
      published: status?.published ?? 0,
      journalBreak: status?.journalBreak ?? null,
      seen: status === undefined ? [] : [...status.tills],
    };
  };
  return {
    view,
    async set(input: HubSetInput) {
      const before = readSecrets(needs.secrets);
      writeHubSettings(needs.settingsDb, { ...input });
      // The new tills' passwords go out in this answer only: never in a hub.get asked meanwhile
      // (the card reads it while the hosted server starts) or after.
      let fresh: { till: string; password: string }[] = [];
      if (needs.secrets !== undefined) {
        const hosted = input.hosts ? hostedUsers(settings(), before).secrets : before;
        fresh = Object.entries(hosted.hosted)
          .filter(([till]) => before.hosted[till] === undefined && till !== input.till)
          .map(([till, password]) => ({ till, password }));
        writeSecrets(needs.secrets, {
          ...hosted,
          ...(input.password === undefined ? {} : { password: input.password }),
        });
      }
      await begin();
      await stop(running);
      running = await start(needs);
      needs.changed();
      return { ...view(), ...(fresh.length > 0 ? { newPasswords: fresh } : {}) };
    },
    shifts(): StoreShiftView {
      const r = running.resolution;
      const self = r.kind === 'ready' ? r.till : (settings().till ?? '—');
      return storeShifts(needs.db, self, {
        set: r.kind !== 'off',
        connected: running.link?.status().connected ?? false,
      });
    },
    status() {
      if (running.resolution.kind === 'off') return undefined;
      const s = running.link?.status();
      const connected = s?.connected ?? false;
      // The Sale screen offers F10 for them: pushed with the status when their number changes.
      const parked = connected ? storeParkedCount(needs.db) : 0;
      const journalBreak = s?.journalBreak ?? null;
      return {
        connected,
        downSince: s?.downSince?.toISOString() ?? null,
        ...(journalBreak === null ? {} : { journalBreak }),
        ...(parked > 0 ? { parked } : {}),
      };
    },
    link: () =>
      running.resolution.kind === 'ready' && running.link !== null
        ? { till: running.resolution.till, hub: running.link }
        : null,
    wake: () => running.link?.wake(),
    start: () => void begin(),
    close: async () => {
      await starting;
      await stop(running);
    },
  };
}

/** Before the parts have started: what the setting says, nothing running yet. */
function idle(needs: HubNeeds): Running {
  try {
    const settings = readHubSettings(needs.settingsDb);
    return {
      resolution: resolveHub(needs.env, settings, readSecrets(needs.secrets)),
      server: null,
      link: null,
    };
  } catch {
    return { resolution: { kind: 'off' }, server: null, link: null };
  }
}

async function start(needs: HubNeeds): Promise<Running> {
  try {
    return await startParts(needs);
  } catch (error) {
    needs.log(`store hub: ${error instanceof Error ? error.message : String(error)}`);
    return { resolution: { kind: 'off' }, server: null, link: null };
  }
}

async function startParts(needs: HubNeeds): Promise<Running> {
  const settings = readHubSettings(needs.settingsDb);
  let secrets = readSecrets(needs.secrets);
  let server: HubServer | null = null;
  if (settings.hosts && needs.secrets !== undefined) {
    const hosted = hostedUsers(settings, secrets);
    secrets = hosted.secrets;
    writeSecrets(needs.secrets, secrets);
    server = new HubServer({
      dir: join(needs.dataDir, 'store-hub'),
      host: hubListenFromEnv(needs.env),
      port: settings.port,
      users: hosted.users,
      log: (line) => needs.log(line),
    });
    try {
      await server.start();
    } catch (error) {
      needs.log(`store hub server: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const resolution = resolveHub(needs.env, settings, secrets);
  let link: StoreHub | null = null;
  if (resolution.kind === 'ready') {
    link = new StoreHub({
      db: needs.db,
      url: resolution.url,
      till: resolution.till,
      password: resolution.password,
      log: (line) => needs.log(line),
      changed: () => needs.changed(),
      ...(needs.applied === undefined ? {} : { applied: (n: number) => needs.applied?.(n) }),
      ...(needs.maxRetryMs === undefined ? {} : { maxRetryMs: needs.maxRetryMs }),
    });
    link.start();
  }
  return { resolution, server, link };
}

async function stop(running: Running): Promise<void> {
  await running.link?.close();
  await running.server?.stop();
}
