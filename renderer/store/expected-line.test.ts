// A scanned product's line before the core's answer (store/expected-line.ts through store/sale.ts
// scan), in Node over a core the test scripts (platform/fake-bridge.ts) and answers when the test
// says so: what the Sale screen shows meanwhile, and that the core's answer, a refusal, a question or
// a failed call always has the last word, said on screen.
import { beforeEach, describe, expect, it } from 'vitest';
import { PosError, type ScanView } from '../../contract/contract.ts';
import { lineId } from '../../contract/ids.ts';
import { aLine, aSession, FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { setSale, useApp } from './app.ts';
import { expectedIndex, forgetScans, shownLines } from './expected-line.ts';
import { answerConfirm, useGuard } from './guard.ts';
import { setPos } from './pos.ts';
import { scan, voidSale } from './sale.ts';

const CODE = '8594001234567';
const OTHER = '8594001234574';

let core: FakeBridge;
/** Answers of session.scan, one per call, each given when the test calls its release. */
let answers: ((view: ScanView | PosError) => void)[];

beforeEach(() => {
  forgetScans();
  core = new FakeBridge();
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
  answers = [];
  core.answer(
    'session.scan',
    () =>
      new Promise<ScanView>((resolve, reject) => {
        answers.push((view) => (view instanceof PosError ? reject(view) : resolve(view)));
      }),
  );
});

/** What the Sale screen's lines show now, and which is highlighted. */
function shown(): { lines: [string, number][]; selected: number } {
  const { session, sale } = useApp.getState();
  const lines = shownLines(session?.lines ?? [], sale.expected);
  return {
    lines: lines.map((l) => [l.name, l.quantity]),
    selected: expectedIndex(lines, sale.expected) ?? sale.selected,
  };
}

/** The core's answer to the scan waiting longest. */
async function release(view: ScanView | PosError): Promise<void> {
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  answers.shift()?.(view);
}

const added = (lines: ReturnType<typeof aLine>[], id: number): ScanView => ({
  outcome: { kind: 'product', lineId: lineId(id), name: `Product ${id}` },
  session: aSession(lines),
});

/** Line 1 (Product 1) is CODE: the core added it plainly once; the sale is then voided (empty). */
async function seenOnce(): Promise<void> {
  const first = scan(CODE, 'scanner');
  // Never seen: nothing is shown before the core answers.
  expect(shown().lines).toEqual([]);
  await release(added([{ ...aLine(1), barcode: CODE }], 1));
  await first;
  useApp.setState({ session: aSession([]) });
}

describe('a product the core added plainly before', () => {
  it('shows its line as soon as it is scanned again; the answer replaces it', async () => {
    await seenOnce();
    const again = scan(CODE, 'scanner');
    expect(shown()).toEqual({ lines: [['Product 1', 1]], selected: 0 });
    expect(useApp.getState().sale.outcome?.tone).toBe('ok');
    expect(useApp.getState().session?.lines).toEqual([]);
    await release(added([{ ...aLine(7), name: 'Product 1', barcode: CODE }], 7));
    expect((await again).tone).toBe('ok');
    expect(useApp.getState().sale.expected).toBeNull();
    expect(shown().lines).toEqual([['Product 1', 1]]);
    expect(useApp.getState().session?.lines[0]?.id).toBe(lineId(7));
  });

  it('on the sale already: its quantity shows raised, by the 3* typed before the scan', async () => {
    await seenOnce();
    useApp.setState({ session: aSession([{ ...aLine(1), barcode: CODE }, aLine(2)]) });
    setSale({ entry: '3*', selected: 1 });
    const again = scan(CODE, 'scanner');
    expect(shown()).toEqual({
      lines: [
        ['Product 1', 4],
        ['Product 2', 1],
      ],
      selected: 0,
    });
    // The field shows the 3* taken with the line.
    expect(useApp.getState().sale.entry).toBe('');
    await release(added([{ ...aLine(1, 4), barcode: CODE }, aLine(2)], 1));
    await again;
    expect(useApp.getState().sale.entry).toBe('');
    expect(shown().lines).toEqual([
      ['Product 1', 4],
      ['Product 2', 1],
    ]);
  });

  it('a call that fails takes the line away and says why', async () => {
    await seenOnce();
    const again = scan(CODE, 'scanner');
    expect(shown().lines).toEqual([['Product 1', 1]]);
    await release(new PosError({ code: 'failed', message: 'The database is locked.' }));
    const outcome = await again;
    expect(shown().lines).toEqual([]);
    expect(outcome).toEqual({ tone: 'error', text: 'The database is locked.' });
    expect(useApp.getState().sale.outcome).toEqual(outcome);
  });

  it('a 3* taken with a line shown early comes back to the field when the scan is not added', async () => {
    await seenOnce();
    setSale({ entry: '3*' });
    const again = scan(CODE, 'scanner');
    expect(shown().lines).toEqual([['Product 1', 3]]);
    expect(useApp.getState().sale.entry).toBe('');
    await release(new PosError({ code: 'failed', message: 'The database is locked.' }));
    expect((await again).tone).toBe('error');
    expect(shown().lines).toEqual([]);
    expect(useApp.getState().sale.entry).toBe('3*');
  });

  it('F8 pressed while its answer is on the way stays armed: the second F8 voids', async () => {
    await seenOnce();
    core.answer('session.cancel', () => aSession([]));
    useApp.setState({ session: aSession([aLine(2)]) });
    const again = scan(CODE, 'scanner');
    await voidSale();
    expect(useApp.getState().sale.voidArmed).toBe(true);
    await release(added([aLine(2), { ...aLine(1), barcode: CODE }], 1));
    await again;
    expect(useApp.getState().sale.voidArmed).toBe(true);
    await voidSale();
    expect(core.inputs('session.cancel')).toHaveLength(1);
    expect(shown().lines).toEqual([]);
  });

  it('a refusal takes the line away, says why, and the next scan of it waits for the core', async () => {
    await seenOnce();
    const again = scan(CODE, 'scanner');
    await release({
      outcome: { kind: 'rejected', message: 'Product 1 has no usable price.' },
      session: aSession([]),
    });
    expect((await again).text).toBe('Product 1 has no usable price.');
    expect(shown().lines).toEqual([]);
    const third = scan(CODE, 'scanner');
    expect(shown().lines).toEqual([]);
    await release(added([{ ...aLine(1), barcode: CODE }], 1));
    await third;
  });

  it('the stock question opens with the line taken away; Esc keeps it out', async () => {
    await seenOnce();
    const again = scan(CODE, 'scanner');
    expect(shown().lines).toEqual([['Product 1', 1]]);
    await release(new PosError({ code: 'unconfirmed', message: 'Product 1 is out of stock.' }));
    await expect.poll(() => useGuard.getState().confirm).not.toBeNull();
    expect(shown().lines).toEqual([]);
    answerConfirm(false);
    expect((await again).tone).toBe('error');
    expect(shown().lines).toEqual([]);
    // Asked about once: the next scan of it is not shown before the core answers.
    const third = scan(CODE, 'scanner');
    expect(shown().lines).toEqual([]);
    await release(added([{ ...aLine(1), barcode: CODE }], 1));
    await third;
  });

  it('another code, a code typed by hand, or another warehouse: nothing before the answer', async () => {
    await seenOnce();
    const other = scan(OTHER, 'scanner');
    expect(shown().lines).toEqual([]);
    await release(added([{ ...aLine(2), barcode: OTHER }], 2));
    await other;
    useApp.setState({ session: aSession([]) });
    const typed = scan(CODE, 'keyboard');
    expect(shown().lines).toEqual([]);
    await release(added([{ ...aLine(1), barcode: CODE }], 1));
    await typed;
    useApp.setState({ session: { ...aSession([]), warehouseId: null } });
    const elsewhere = scan(CODE, 'scanner');
    expect(shown().lines).toEqual([]);
    await release(added([{ ...aLine(1), barcode: CODE }], 1));
    await elsewhere;
  });
});
