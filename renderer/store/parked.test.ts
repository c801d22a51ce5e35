// Parking and recalling from the Sale screen, in Node over a core the test scripts
import { saleId, type SaleId } from '../../contract/ids.ts';
// (platform/fake-bridge.ts): what is asked of the core, what the screen then holds, and what the one
// announcer says (lines, total, when it was parked; the sale parked in a recalled one's place).
import { beforeEach, describe, expect, it } from 'vitest';
import { PosError, type ParkedSaleView, type SessionView } from '../../contract/contract.ts';
import { formatMoney, formatTime } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { aLine, aSession, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { setSale, useApp } from './app.ts';
import {
  closeParked,
  moveParked,
  openParked,
  parkingOffer,
  parkSale,
  recallParked,
  useParked,
} from './parked.ts';
import { setPos } from './pos.ts';

let core: FakeBridge;
const empty = (parkedCount: number): SessionView => ({ ...aSession([]), id: 'new' as SaleId, parkedCount });
const early: ParkedSaleView = {
  id: saleId(3),
  parkedAt: '2026-11-26T09:12:00.000Z',
  lineCount: 2,
  total: 45.5,
};
const late: ParkedSaleView = {
  id: saleId(4),
  parkedAt: '2026-11-26T09:40:00.000Z',
  lineCount: 1,
  total: 4.2,
  customerName: 'Nováková',
};

beforeEach(() => {
  core = new FakeBridge();
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
  useParked.setState(useParked.getInitialState(), true);
});

const said = () => useApp.getState().sale.outcome?.text;
const money = (n: number) => formatMoney(n, null);

describe('parked sales on the Sale screen', () => {
  it('F10 is offered to park a sale with something on it, else to recall when some are parked', () => {
    expect(parkingOffer(null)).toBeUndefined();
    expect(parkingOffer(empty(0))).toBeUndefined();
    expect(parkingOffer(empty(2))).toBe('list');
    expect(parkingOffer({ ...aSession([aLine(1)]), parkedCount: 2 })).toBe('park');
  });

  it('parks the sale: the counter is empty, the code field too, and the screen says what was parked', async () => {
    useApp.setState({ session: aSession([aLine(1, 2), aLine(2)]) });
    setSale({ entry: '+' });
    core.answer('session.park', () => ({
      parked: { id: saleId(1), parkedAt: '2026-11-26T09:12:00.000Z', lineCount: 2, total: 30 },
      session: empty(1),
    }));
    await parkSale();
    expect(core.inputs('session.park')).toEqual([{}]);
    expect(useApp.getState().session).toMatchObject({ lines: [], parkedCount: 1 });
    expect(useApp.getState().sale.entry).toBe('');
    expect(said()).toBe(
      i18n.t('parked:parked', { lines: i18n.t('parked:lines', { count: 2 }), total: money(30) }),
    );
  });

  it('opens the list read from the core; the arrows choose and Enter recalls that one', async () => {
    useApp.setState({ session: empty(2) });
    core.answer('session.parked', () => [early, late]);
    core.answer('session.recall', ({ id }) => ({
      recalled: id === late.id ? late : early,
      session: { ...aSession([aLine(9)]), id: saleId(Number(id)), parkedCount: 1 },
      parked: null,
    }));
    await openParked();
    expect(useParked.getState()).toMatchObject({ open: true, list: [early, late], highlighted: 0 });
    moveParked(1);
    moveParked(1); // stays on the last
    await recallParked();
    expect(core.inputs('session.recall')).toEqual([{ id: late.id }]);
    expect(useParked.getState().open).toBe(false);
    expect(useApp.getState().session?.id).toBe(late.id);
    expect(said()).toBe(
      i18n.t('parked:recalled', {
        time: formatTime(late.parkedAt),
        lines: i18n.t('parked:lines', { count: 1 }),
        total: money(4.2),
      }),
    );
  });

  it('a recall with a sale on the counter says that sale was parked in its place', async () => {
    useApp.setState({ session: { ...aSession([aLine(1)]), parkedCount: 1 } });
    core.answer('session.parked', () => [early]);
    core.answer('session.recall', () => ({
      recalled: early,
      session: { ...aSession([aLine(5), aLine(6)]), id: early.id, parkedCount: 1 },
      parked: { id: saleId(8), parkedAt: '2026-11-26T10:00:00.000Z', lineCount: 1, total: 10 },
    }));
    await openParked();
    await recallParked();
    expect(said()).toBe(
      i18n.t('parked:recalledSwapped', {
        time: formatTime(early.parkedAt),
        lines: i18n.t('parked:lines', { count: 2 }),
        total: money(45.5),
        parkedLines: i18n.t('parked:lines', { count: 1 }),
        parkedTotal: money(10),
      }),
    );
  });

  it('a refusal stays in the dialog in words, and nothing on the counter changes', async () => {
    const session = empty(1);
    useApp.setState({ session });
    core.answer('session.parked', () => [early]);
    core.answer('session.recall', () => {
      throw new PosError({ code: 'rejected', message: 'Sale 3 is not parked.' });
    });
    await openParked();
    await recallParked();
    expect(useParked.getState()).toMatchObject({ open: true, error: 'Sale 3 is not parked.' });
    expect(useApp.getState().session).toBe(session);
    closeParked();
    expect(useParked.getState().open).toBe(false);
  });

  it('F10 on an empty sale with nothing parked asks the core nothing', async () => {
    useApp.setState({ session: empty(0) });
    await openParked();
    expect(core.calls).toEqual([]);
    expect(useParked.getState().open).toBe(false);
  });
});
