// Issue 36 point 3: a restarted till answers its first barcode sooner when it loads only what it
// uses. The serial port library (@serialport/*) is loaded when a port is opened or listed, the NATS
// client (@nats-io/*) when a store hub is connected to, the ESC/POS encoder
// (@point-of-sale/receipt-printer-encoder) when something is first printed; a core started with no
// port and no hub, before anything is printed, loads none of them (a real core in its own process, its loaded modules read through Node's hooks).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODULES } from '../../../layers.ts';
import { tempDir } from '../../support/fixtures.ts';
import { runChild } from './child-core.ts';

const child = fileURLToPath(new URL('./loaded-child.ts', import.meta.url));

/** The URLs of every module a core on `dataDir` loaded. */
async function modulesLoaded(dataDir: string, ...args: string[]): Promise<string[]> {
  return z.array(z.string()).parse(await runChild(child, dataDir, args));
}

describe('libraries loaded at start', () => {
  it('a core with no serial port, no store hub and nothing printed loads none of their libraries', async () => {
    const loaded = await modulesLoaded(tempDir('lazy-libraries'));
    // The core itself was loaded (the list is what the process loaded, not an empty one).
    expect(loaded.some((url) => url.endsWith('/main/core/launch.ts'))).toBe(true);
    expect(loaded.filter((url) => url.includes('/node_modules/@serialport/'))).toEqual([]);
    expect(loaded.filter((url) => url.includes('/node_modules/@nats-io/'))).toEqual([]);
    // The ESC/POS encoder (and its image helpers) load with the first print, not with the core.
    expect(loaded.filter((url) => /\/node_modules\/(@point-of-sale|canvas-|@canvas)/.test(url))).toEqual([]);
  });

  it('a core made for a restarted till has not loaded the sync engine: it loads with the background work', async () => {
    const loaded = await modulesLoaded(tempDir('lazy-sync'), 'made');
    expect(loaded.some((url) => url.endsWith('/main/core/core.ts'))).toBe(true);
    // But its light entries (layers.ts: main/sync/till-work.ts, the core's mark of the sale's calls,
    // which imports nothing).
    const light = MODULES.find((m) => m.name === 'main/sync')?.entries ?? [];
    const engine = (url: string) =>
      url.includes('/main/sync/') && !light.some((entry) => url.endsWith(`/${entry}`));
    expect(light.length).toBeGreaterThan(0);
    expect(loaded.filter(engine)).toEqual([]);
  });

  it('a core made for a restarted till has not loaded returns, cards, the print worker or the store hub', async () => {
    const loaded = await modulesLoaded(tempDir('lazy-parts'), 'made');
    expect(loaded.some((url) => url.endsWith('/main/areas/link.ts'))).toBe(true);
    // Their modules load with the background work or their first call (main/areas/link.ts loadParts);
    // the start reads only the light entries (main/printer/setup.ts, main/hub/config.ts).
    const heavy =
      /\/main\/(returns|cards)\/|\/main\/(printer|hub)\/index\.ts$|\/main\/printer\/worker\.ts$|\/main\/hub\/store-hub\.ts$|\/main\/areas\/(returns|hub|cards|receipt-printer)\.ts$/;
    expect(loaded.filter((url) => heavy.test(url))).toEqual([]);
  });

  it('a restarted core compiles no parser before its first answer, and compiles them from its background work on', async () => {
    // The child waits until compiling is back on (the test times out if it never is).
    const said = await modulesLoaded(tempDir('start-parsers'), 'parsers');
    expect(said).toEqual(['made:true', 'answered:true']);
  });
});
