// A return's receipt goes through the receipt printer's queue, as a sale's does (issue 37, point 5):
// `pos return` with the printer off leaves its receipt queued and the return stands; the app's worker
// prints it when the printer is back (the drawer's pulse first: cash went out); returns.reprint
// prints it again marked KOPIE, without the pulse. Real parts: the sim over HTTP, the CLI in its own
// process, the core on the same data folder, the fake TCP printer read back with the ESC/POS decoder.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import { decodeEscPos } from '../../support/escpos-decoder.ts';
import { FakePrinter } from '../../support/fake-printer.ts';
import { posOnTill } from '../../support/pos-process.ts';
import { sellTwoInCash, startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';
import type { PrintJobView, ReturnView } from '../../../contract/contract.ts';

let till: SyncedCore | undefined;
let printer: FakePrinter | undefined;
afterEach(async () => {
  await till?.close();
  await printer?.close();
  till = undefined;
  printer = undefined;
});

function text(job: Uint8Array | undefined): { text: string; pulse: boolean } {
  const paper = decodeEscPos(job ?? new Uint8Array());
  return {
    text: paper.lines.map((l) => l.trim()).join(' '),
    pulse: paper.events.some((e) => e.kind === 'pulse'),
  };
}

describe('the return receipt in the print queue', () => {
  it('waits for a printer that is off, prints when it is back, and a reprint says KOPIE', async () => {
    const dataDir = tempDir('returns-print-queue');
    printer = await FakePrinter.start();
    const env = { POS_RECEIPT_PRINTER: printer.address };
    till = await startSyncedCore({ dataDir, env });
    await till.call('settings.set', { language: 'cs', priceCurrency: 'CZK' });
    const receipt = (await sellTwoInCash(till, dataDir)).receiptNumber ?? '';
    await printer.until((jobs) => jobs.length >= 1);
    const sales = printer.printed().length;

    await printer.off();
    const run = await posOnTill(dataDir, till.sim.url, ['return', receipt, '--json'], env);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.stderr).toContain('waits in the print queue');
    const made = JSON.parse(run.stdout) as { id: number; number: string };
    expect(printer.printed().length).toBe(sales);

    await printer.on();
    await till.call('printer.retry', {});
    await printer.until(() => (printer?.printed().length ?? 0) > sales);
    const first = text(printer.printed()[sales]);
    console.log(first.text);
    expect(first.text).toContain(`Vratka č. ${made.number} k účtence ${receipt}`);
    expect(first.text).not.toContain('KOPIE');
    expect(first.pulse).toBe(true);
    await expect
      .poll(async () => ((await till?.call('returns.get', { id: made.id })) as ReturnView).printCount)
      .toBe(1);

    const job = (await till.call('returns.reprint', { id: made.id })) as PrintJobView;
    expect(job.copy).toBe(true);
    await printer.until(() => (printer?.printed().length ?? 0) > sales + 1);
    const copy = text(printer.printed()[sales + 1]);
    expect(copy.text).toContain(`Vratka č. ${made.number}`);
    expect(copy.text).toContain('KOPIE');
    expect(copy.pulse).toBe(false);
    const listed = (await till.call('returns.list', {})) as ReturnView[];
    expect(listed.map((r) => r.number)).toEqual([made.number]);
    await expect
      .poll(async () => ((await till?.call('returns.get', { id: made.id })) as ReturnView).printCount)
      .toBe(2);
  }, 180_000);
});
