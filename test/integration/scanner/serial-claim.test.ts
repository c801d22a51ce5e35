// A serial scan taken and applied in one call (issue 35, point 6): the scan the core's event carries
// goes into the sale by session.scan with its id, once. The same id again (the page held it twice, or
// another tab holds it too) is refused 'scan-taken' and adds nothing; a peek lists scans without
// taking them; scanner.claim takes one for a screen other than the sale, once. Real parts: the sim
// over HTTP, a synced SQLite till, a pty pair from socat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SerialScansView, type SessionView } from '../../../contract/contract.ts';
import { sharedTempDir } from '../../support/fixtures.ts';
import { ptyPair, type PtyPair } from '../../support/pty.ts';
import { plainItemOnSim } from '../../support/sim-goods.ts';
import { startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

const dataDir = sharedTempDir('serial-claim');
const ptyDir = sharedTempDir('serial-claim-pty');
let till: SyncedCore;
let pair: PtyPair;
let barcode: string;
const events: { waiting: number; scan?: { id: number; code: string } }[] = [];

beforeAll(async () => {
  pair = ptyPair(ptyDir);
  await pair.start();
  cleanup.push(() => pair.pull());
  till = await startSyncedCore({
    dataDir,
    env: { POS_SCANNER_PORT: pair.port },
  });
  cleanup.push(() => till.close());
  till.core.subscribe((event, payload) => {
    if (event === 'scanner.waiting') events.push(payload as (typeof events)[number]);
  });
  barcode = String(plainItemOnSim(till.sim, { warehouseId: 1 })['barcode']);
}, 90_000);

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

/** The scan the core's event said was read, once `count` events came. */
async function scanFromEvent(count: number): Promise<{ id: number; code: string }> {
  await expect.poll(() => events.length).toBeGreaterThanOrEqual(count);
  const scan = events[count - 1]?.scan;
  if (scan === undefined) throw new Error('the scanner.waiting event carried no scan');
  return scan;
}

const peek = async () => SerialScansView.parse(await till.call('scanner.take', { peek: true })).scans;
const quantityOf = (session: SessionView) =>
  session.lines.filter((l) => l.barcode === barcode).reduce((n, l) => n + l.quantity, 0);

describe('a serial scan taken and applied in one call', () => {
  it('adds the line once; the same scan again is refused as taken and adds nothing', async () => {
    await expect
      .poll(
        async () =>
          ((await till.call('status.get', {})) as { serialScanner?: { state: string } }).serialScanner?.state,
      )
      .toBe('connected');
    pair.send(`${barcode}\r\n`);
    const scan = await scanFromEvent(1);
    expect(scan.code).toBe(barcode);
    // A peek lists it and leaves it waiting.
    expect(await peek()).toEqual([scan]);
    expect(await peek()).toEqual([scan]);

    const first = (await till.call('session.scan', {
      code: scan.code,
      via: 'scanner',
      serialScanId: scan.id,
    })) as { outcome: { kind: string }; session: SessionView };
    expect(first.outcome.kind).toBe('product');
    expect(quantityOf(first.session)).toBe(1);
    expect(await peek()).toEqual([]);

    const again = await till.refusal('session.scan', {
      code: scan.code,
      via: 'scanner',
      serialScanId: scan.id,
    });
    expect(again.code).toBe('scan-taken');
    expect(await till.call('scanner.claim', scan)).toEqual({ claimed: false });
    const session = (await till.call('session.current', {})) as SessionView;
    expect(quantityOf(session)).toBe(1);
  });

  it('a scan of the same number with another code is not that scan', async () => {
    pair.send(`${barcode}\r\n`);
    const scan = await scanFromEvent(2);
    const refused = await till.refusal('session.scan', {
      code: '8590000000000',
      via: 'scanner',
      serialScanId: scan.id,
    });
    expect(refused.code).toBe('scan-taken');
    expect(await peek()).toEqual([scan]);
    // Taken for a screen other than the sale: once.
    expect(await till.call('scanner.claim', scan)).toEqual({ claimed: true });
    expect(await till.call('scanner.claim', scan)).toEqual({ claimed: false });
    expect(await peek()).toEqual([]);
    const session = (await till.call('session.current', {})) as SessionView;
    expect(quantityOf(session)).toBe(1);
  });
});
