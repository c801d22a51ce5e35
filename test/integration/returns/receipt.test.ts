// A return's receipt on paper (issue 37, point 5): `pos return` in a real process prints it on the
// fake network printer, the drawer's pulse first when cash is paid out; the bytes are read back with
// the ESC/POS decoder, in Czech, at 80 and 58 mm.
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import { decodeEscPos } from '../../support/escpos-decoder.ts';
import { FakePrinter } from '../../support/fake-printer.ts';
import { posOnTill } from '../../support/pos-process.ts';
import { sellTwoInCash, startSyncedCore, type SyncedCore } from '../../support/synced-core.ts';

let till: SyncedCore | undefined;
let printer: FakePrinter | undefined;
afterEach(async () => {
  await till?.close();
  await printer?.close();
  till = undefined;
  printer = undefined;
});

describe('the return receipt', () => {
  it.each([
    ['80 mm', 48],
    ['58 mm', 32],
  ])(
    'prints "Vratka č. … k účtence …" with negative lines, VAT, the refund and the drawer pulse (%s)',
    async (_paper, columns) => {
      const dataDir = tempDir(`returns-receipt-${columns}`);
      printer = await FakePrinter.start();
      till = await startSyncedCore({ dataDir });
      await till.call('settings.set', { language: 'cs', priceCurrency: 'CZK' });
      const order = await sellTwoInCash(till, dataDir);
      const receipt = order.receiptNumber ?? '';
      const env = { POS_RECEIPT_PRINTER: `${printer.address}?columns=${columns}` };
      const run = await posOnTill(dataDir, till.sim.url, ['return', receipt, '--json'], env);
      expect(run.code, run.stderr + run.stdout).toBe(0);
      const made = JSON.parse(run.stdout) as { number: string; total: number; refund: { cash: number } };
      await printer.until(() => (printer?.printed().length ?? 0) > 0);
      const paper = decodeEscPos(printer.printed()[0] ?? new Uint8Array());
      // The decoded receipt, for the commit note and a person's eyes.
      console.log(paper.lines.join('\n'));
      expect(paper.events.find((e) => e.kind === 'pulse')).toBeDefined();
      // Centred lines, and on 58 mm the title wraps: read as the words in order.
      const text = paper.lines.map((l) => l.trim()).join(' ');
      expect(text).toContain(`Vratka č. ${made.number} k účtence ${receipt}`);
      expect(text).toContain('Prodej ze dne ');
      expect(paper.lines.some((l) => l.startsWith('VRÁCENO CELKEM') && l.includes('-'))).toBe(true);
      expect(paper.lines.some((l) => l.startsWith('Vráceno hotově'))).toBe(true);
      expect(paper.lines.every((l) => l.length <= columns)).toBe(true);
      expect(paper.cuts).toBe(1);
    },
    120_000,
  );
});
