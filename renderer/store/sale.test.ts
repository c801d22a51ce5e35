// The Sale screen's own logic, in Node over a core the test scripts (platform/fake-bridge.ts): what a
import { lineId, orderId, stockItemId, warehouseId } from '../../contract/ids.ts';
// `3*` typed before a scan asks the core for, and voiding, which takes F8 twice so that one stray key
// never loses a basket. The screens and the keymap only dispatch these actions.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PosError,
  type OutboxEntryView,
  type ScanView,
  type StockSearchView,
} from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { aLine, aSession, aStatus, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { setSale, useApp } from './app.ts';
import { setPos } from './pos.ts';
import { typeCode } from './find.ts';
import {
  addStockItem,
  closeSale,
  scan,
  setTypedQuantity,
  typedQuantity,
  VOID_ARMED_MS,
  voidSale,
} from './sale.ts';

let core: FakeBridge;

beforeEach(() => {
  core = new FakeBridge();
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
});

const sale = () => useApp.getState().sale;

/** The core adds what it is asked for: one line of that many (1 when no quantity came). */
function addsWhatItIsAsked(): void {
  const added = (quantity = 1): ScanView => ({
    outcome: { kind: 'product', lineId: lineId(1), name: 'Product 1' },
    session: aSession([aLine(1, quantity)]),
  });
  core.answer('session.scan', (input) => added(input.quantity));
  core.answer('session.addStockItem', (input) => added(input.quantity));
}

describe('a quantity typed before a scan', () => {
  beforeEach(addsWhatItIsAsked);

  it.each(['3*', '3x', '3X', '3×', ' 3 * '])(
    '%j in the code field, then a scanner scan: 3 of that code, and the field empties',
    async (typed) => {
      setSale({ entry: typed });
      const outcome = await scan('8594001234567', 'scanner');
      expect(core.inputs('session.scan')).toEqual([{ code: '8594001234567', via: 'scanner', quantity: 3 }]);
      expect(outcome.tone).toBe('ok');
      expect(sale().entry).toBe('');
      expect(useApp.getState().session?.lines[0]?.quantity).toBe(3);
    },
  );

  it('typed with the code (3*8594001234567, Enter): 3 of the code after the star', async () => {
    await scan('3*8594001234567', 'keyboard');
    expect(core.inputs('session.scan')).toEqual([{ code: '8594001234567', via: 'keyboard', quantity: 3 }]);
  });

  it('a scan while a name is being typed (3*roh) is not multiplied, and what was typed goes', async () => {
    setSale({ entry: '3*roh' });
    await scan('8594001234567', 'scanner');
    expect(core.inputs('session.scan')).toEqual([{ code: '8594001234567', via: 'scanner' }]);
    expect(sale().entry).toBe('');
  });

  it('0* and a bare number are no quantity: the scan adds one', async () => {
    for (const entry of ['0*', '3']) {
      setSale({ entry });
      await scan('8594001234567', 'scanner');
    }
    expect(core.inputs('session.scan')).toEqual([
      { code: '8594001234567', via: 'scanner' },
      { code: '8594001234567', via: 'scanner' },
    ]);
  });

  it('a scan the core refuses keeps the 3* for the next scan', async () => {
    core.answer('session.scan', () => ({
      outcome: { kind: 'unknown', message: 'No product has the code 999.' },
      session: aSession([]),
    }));
    setSale({ entry: '3*' });
    const outcome = await scan('999', 'scanner');
    expect(outcome.tone).toBe('error');
    expect(sale().entry).toBe('3*');
  });

  it('a product picked by name takes the 3* typed before its name', async () => {
    setSale({ entry: '3*roh' });
    await addStockItem(7);
    expect(core.inputs('session.addStockItem')).toEqual([{ stockItemId: 7, quantity: 3 }]);
    expect(sale().entry).toBe('');
  });
});

describe('a scan and what was typed in the code field', () => {
  beforeEach(addsWhatItIsAsked);

  const found: StockSearchView = {
    products: [
      {
        productId: 7,
        productName: 'Rohlík',
        price: 3,
        warehouses: [{ warehouseId: warehouseId(1), stockItemId: stockItemId(70), quantityAvailable: 50 }],
        syncedAt: null,
      },
    ],
    syncedAt: null,
  };
  /** The name search answers only when the test says so (a search still under way). */
  function searchAnswersLater(): () => void {
    let release: () => void = () => undefined;
    core.answer(
      'stock.search',
      () =>
        new Promise<StockSearchView>((resolve) => {
          release = () => resolve(found);
        }),
    );
    return () => release();
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a scan with the name list open adds only the scanned code, closes the list and empties the field', async () => {
    setSale({
      entry: 'roh',
      find: {
        open: true,
        text: 'roh',
        results: [{ stockItemId: 70, productId: 7, name: 'Rohlík' }],
        highlighted: 0,
      },
    });
    const scanning = scan('8594001234567', 'scanner');
    // Closed the moment the scan came, before the core answered.
    expect(sale().find.open).toBe(false);
    expect(sale().entry).toBe('');
    await scanning;
    expect(core.inputs('session.scan')).toEqual([{ code: '8594001234567', via: 'scanner' }]);
    expect(core.inputs('session.addStockItem')).toEqual([]);
    expect(sale().find.open).toBe(false);
  });

  it('a search under way when a scan comes never opens its list afterwards', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = searchAnswersLater();
    typeCode('roh');
    await vi.advanceTimersByTimeAsync(100); // the typing pause passed: the search is asked
    expect(core.inputs('stock.search')).toHaveLength(1);
    await scan('8594001234567', 'scanner');
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(sale().find.open).toBe(false);
    expect(sale().entry).toBe('');
  });

  it('a search not yet asked when a scan comes is not asked at all', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    searchAnswersLater();
    typeCode('roh');
    await scan('8594001234567', 'scanner');
    await vi.advanceTimersByTimeAsync(500);
    expect(core.inputs('stock.search')).toEqual([]);
    expect(sale().find.open).toBe(false);
  });

  it('a refused scan takes typed text away too (only a bare 3* stays for the next try)', async () => {
    core.answer('session.scan', () => ({
      outcome: { kind: 'unknown', message: 'No product has the code 999.' },
      session: aSession([]),
    }));
    setSale({ entry: '+' });
    await scan('999', 'scanner');
    expect(sale().entry).toBe('');
  });

  it('a stray "+" in the field goes with the next scan, and with the sale placed or voided', async () => {
    setSale({ entry: '+' });
    await scan('8594001234567', 'scanner');
    expect(sale().entry).toBe('');

    const order: OutboxEntryView = {
      id: orderId(5),
      state: 'queued',
      attempts: 0,
      createdAt: '2025-03-01T10:00:00.000Z',
    };
    core.answer('session.close', () => ({ order, session: aSession([]) }));
    core.answer('outbox.list', () => [order]);
    core.answer('status.get', () => aStatus({ online: true, queued: 1 }));
    setSale({ entry: '+' });
    expect((await closeSale())?.id).toBe(5);
    expect(sale().entry).toBe('');

    core.answer('session.cancel', () => aSession([]));
    useApp.setState({ session: aSession([aLine(1, 2)]) });
    setSale({ entry: 'ab' });
    await voidSale();
    await voidSale();
    expect(sale().entry).toBe('');
  });
});

describe('a quantity typed for the selected line (5*, Enter)', () => {
  beforeEach(() => {
    useApp.setState({ session: aSession([aLine(1, 1), aLine(2, 1)]) });
    core.answer('session.setQuantity', (input) =>
      aSession([1, 2].map((id) => aLine(id, id === input.lineId ? input.quantity : 1))),
    );
  });

  it.each([
    ['5*', '5'],
    [' 12 x ', '12'],
    ['1,5*', '1,5'],
    ['0.25×', '0.25'],
  ])('%j alone is a quantity (%s)', (entry, quantity) => {
    expect(typedQuantity(entry)).toBe(quantity);
  });

  it.each(['5', '*', '3*roh', '3*8594001234567', 'x', '1,*', '*5'])('%j is no quantity alone', (entry) => {
    expect(typedQuantity(entry)).toBeUndefined();
  });

  it('sets that line to the quantity and empties the code field', async () => {
    setSale({ entry: '5*' });
    expect(await setTypedQuantity(lineId(2))).toBe(true);
    expect(core.inputs('session.setQuantity')).toEqual([{ lineId: 2, quantity: 5 }]);
    expect(useApp.getState().session?.lines.map((l) => l.quantity)).toEqual([1, 5]);
    expect(sale().entry).toBe('');
    expect(sale().outcome?.tone).toBe('ok');
  });

  it('a quantity the core refuses is said next to the line, and what was typed stays to be corrected', async () => {
    core.answer('session.setQuantity', () => {
      throw new PosError({ code: 'invalid-input', message: 'A counted item takes whole numbers.' });
    });
    setSale({ entry: '1,5*' });
    expect(await setTypedQuantity(lineId(1))).toBe(false);
    expect(sale().quantityError?.lineId).toBe(1);
    expect(sale().entry).toBe('1,5*');
  });

  it('zero is refused before asking the core', async () => {
    setSale({ entry: '0*' });
    expect(await setTypedQuantity(lineId(1))).toBe(false);
    expect(core.inputs('session.setQuantity')).toEqual([]);
    expect(sale().quantityError?.text).toBe(i18n.t('sale:quantityNotPositive'));
  });
});

describe('voiding the sale (F8 twice)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    addsWhatItIsAsked();
    core.answer('session.cancel', () => aSession([]));
    useApp.setState({ session: aSession([aLine(1, 2)]) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the first F8 only arms; the second voids the sale', async () => {
    await voidSale();
    expect(sale().voidArmed).toBe(true);
    expect(core.inputs('session.cancel')).toEqual([]);
    expect(useApp.getState().session?.lines).toHaveLength(1);

    await voidSale();
    expect(core.inputs('session.cancel')).toEqual([{}]);
    expect(useApp.getState().session?.lines).toEqual([]);
    expect(sale().voidArmed).toBe(false);
    expect(sale().outcome).toEqual({ tone: 'ok', text: i18n.t('sale:voided') });
  });

  it('the first F8 lasts a few seconds: after them, F8 arms again and voids nothing', async () => {
    await voidSale();
    vi.advanceTimersByTime(VOID_ARMED_MS - 1);
    expect(sale().voidArmed).toBe(true);
    vi.advanceTimersByTime(1);
    expect(sale().voidArmed).toBe(false);

    await voidSale();
    expect(sale().voidArmed).toBe(true);
    expect(core.inputs('session.cancel')).toEqual([]);
  });

  it('anything done between the two presses disarms: F8, a scan, F8 voids nothing', async () => {
    await voidSale();
    await scan('8594001234567', 'scanner');
    expect(sale().voidArmed).toBe(false);

    await voidSale();
    expect(sale().voidArmed).toBe(true);
    expect(core.inputs('session.cancel')).toEqual([]);
  });

  it('an empty sale with no customer has nothing to void: F8 does not arm', async () => {
    useApp.setState({ session: aSession([]) });
    await voidSale();
    await voidSale();
    expect(sale().voidArmed).toBe(false);
    expect(core.inputs('session.cancel')).toEqual([]);
  });

  it('the core refuses the void: the sale stays and the screen says why', async () => {
    core.answer('session.cancel', () => {
      throw new PosError({ code: 'failed', message: 'The sale could not be voided.' });
    });
    await voidSale();
    await voidSale();
    expect(useApp.getState().session?.lines).toHaveLength(1);
    expect(sale().outcome).toEqual({ tone: 'error', text: 'The sale could not be voided.' });
  });
});

describe('a scan the core did not answer', () => {
  it('says so, and reads the sale again: the line the core added all the same is shown', async () => {
    core.answer('session.scan', () => {
      throw new Error('the web shell closed the call channel');
    });
    core.answer('session.current', () => aSession([aLine(1, 1)]));
    const outcome = await scan('8594001234567', 'scanner');
    expect(outcome).toEqual({ tone: 'error', text: i18n.t('core:coreNoAnswer') });
    await expect.poll(() => core.inputs('session.current').length).toBe(1);
    await expect.poll(() => useApp.getState().session?.lines.map((l) => l.quantity)).toEqual([1]);
  });
});
