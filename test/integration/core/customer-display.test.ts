// The customer display through the core, against the real sim: each session call that changes the
// sale sends display.changed with what the customer sees; a paid sale stays up with its change due
// until the next sale's first scan; a void leaves the welcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCore } from '../../support/synced-core.ts';
import type { CustomerDisplayView } from '../../../contract/contract.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import {
  firstSellable,
  plainProducts,
  stopAll,
  syncedTerminal,
  type Sellable,
  type SyncedTerminal,
} from '../../support/terminal.ts';

let terminal: SyncedTerminal;
let core: Core;
let item: Sellable;
const seen: CustomerDisplayView[] = [];

beforeAll(async () => {
  terminal = await syncedTerminal('display');
  item = firstSellable(terminal.dataDir);
  core = await Core.create({
    dataDir: terminal.dataDir,
    credentials: new MemoryCredentialStore(),
    env: terminal.env,
    autoSync: false,
    log: () => undefined,
  });
  core.subscribe((event, payload) => {
    if (event === 'display.changed') seen.push(payload as CustomerDisplayView);
  });
  const [company] = (await call('companies.find', { text: '1' })) as { companyId: number }[];
  await call('settings.set', {
    warehouseId: item.warehouseId,
    walkInCustomer: { companyId: company?.companyId },
  });
}, 120_000);

afterAll(async () => {
  await core.close();
  await stopAll(terminal, undefined, undefined);
});

const call = (channel: string, input?: unknown): Promise<unknown> => callCore(core, channel, input);

/** What the display shows after `act`: it follows a session call once the call's answer is out. */
async function shown(act: () => Promise<unknown>): Promise<CustomerDisplayView | undefined> {
  const before = seen.length;
  await act();
  await expect.poll(() => seen.length).toBeGreaterThan(before);
  return seen.at(-1);
}

/** The store's language and currency as the till's Settings have them: the display speaks them too. */
async function storeLook(): Promise<{ language: string; currency: string | null }> {
  const { language, currency } = (await call('settings.get')) as {
    language: string;
    currency: string | null;
  };
  return { language, currency };
}

describe('the customer display', () => {
  it('follows the sale, shows the change due once paid, and the welcome after a void', async () => {
    const look = await storeLook();
    expect(await call('display.get')).toEqual({ state: 'idle', lines: [], total: 0, ...look });
    const selling = await shown(() =>
      call('session.scan', { code: item.barcode, via: 'scanner', quantity: 2 }),
    );
    expect(selling).toMatchObject({ state: 'sale', lines: [{ name: item.productName, quantity: 2 }] });
    const total = selling?.total ?? 0;
    expect(total).toBeGreaterThan(0);

    const given = Math.ceil(total / 100) * 100 + 100;
    let closed: { tender?: { change: number; rounding?: number } } = {};
    const paid = await shown(async () => {
      closed = (await call('session.close', { tender: { method: 'cash', given } })) as typeof closed;
    });
    // Two of a price in haléře (the demo's end in ,90 Kč), paid in whole crowns: the customer sees
    // the rounding, so that the total, what was handed over and the change add up.
    expect(closed.tender?.rounding).toBe(0.2);
    expect(paid).toEqual({
      state: 'paid',
      lines: [expect.objectContaining({ name: item.productName, quantity: 2 })],
      total,
      given,
      change: closed.tender?.change,
      rounding: 0.2,
      ...look,
    });
    expect(await call('display.get')).toEqual(seen.at(-1));
    // Reading the session changes nothing the customer sees.
    const count = seen.length;
    await call('session.current');
    // The display follows a call on the event loop's next turn, once its answer is out.
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(count);

    expect(await shown(() => call('session.scan', { code: item.barcode, via: 'scanner' }))).toMatchObject({
      state: 'sale',
      lines: [{ quantity: 1 }],
    });
    expect(await shown(() => call('session.cancel'))).toEqual({
      state: 'idle',
      lines: [],
      total: 0,
      ...look,
    });
  });

  it("carries the store's language and currency (all the display needs of the settings), and their changes", async () => {
    const before = await storeLook();
    expect(before.currency).not.toBeNull();
    expect(await call('display.get')).toMatchObject(before);
    try {
      await call('settings.set', { language: 'sk', priceCurrency: 'EUR' });
      expect(await call('display.get')).toMatchObject({ language: 'sk', currency: 'EUR' });
    } finally {
      await call('settings.set', { language: before.language, priceCurrency: null });
    }
    expect(await call('display.get')).toMatchObject(before);
  });

  it('shows what came off the lines, so that the lines, the discount and the total add up', async () => {
    const [discountable] = plainProducts<Sellable>(terminal.dataDir, {
      columns: 'warehouseId, productId, barcode, productName',
      warehouseId: item.warehouseId,
      where: 'coalesce(prohibitionOfDiscounts, 0) = 0',
      limit: 1,
    });
    const scanned = (await shown(() =>
      call('session.scan', { code: discountable?.barcode, via: 'scanner', quantity: 3 }),
    )) as CustomerDisplayView;
    expect(scanned.discount).toBeUndefined();
    const { lines } = (await call('session.current')) as { lines: { id: number }[] };
    const lineId = lines[0]?.id;
    const adjusted = await shown(() =>
      call('session.adjustLine', { lineId, adjustment: { kind: 'percent', value: 10 } }),
    );
    const gross = adjusted?.lines[0]?.lineTotal ?? 0;
    // The line before its discount (as scanned), 10 % of it off, half up to cents.
    expect(gross).toBe(scanned.lines[0]?.lineTotal);
    // In cents: 10 % of the line's cents, half up (34.65 x 10 in floats is 346.4999...).
    const grossCents = Math.round(gross * 100);
    const offCents = Math.round(grossCents / 10);
    expect(adjusted?.discount).toBe(offCents / 100);
    expect(adjusted?.total).toBe((grossCents - offCents) / 100);
    const paid = await shown(() =>
      call('session.close', { tender: { method: 'card' } }).then(() => undefined),
    );
    expect(paid).toMatchObject({ state: 'paid', discount: adjusted?.discount, total: adjusted?.total });
  });
});
