// A system printer by name (printer:NAME) through the real print spooler: the print worker on a real
import { orderId as orderIdOf } from '../../../contract/ids.ts';
// SQLite file hands its jobs to CUPS's lp, a cupsd of the test's own on loopback (test/support/cups.ts)
// spools them and its socket backend passes them to a fake network printer, whose bytes the tests'
// ESC/POS decoder reads back. Nothing between Counter and the printer is stubbed.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptView } from '../../../contract/contract.ts';
import { insertOutboxOrder } from '../../../db/outbox.ts';
import { getPrintJob } from '../../../db/print-jobs.ts';
import {
  listSystemPrinters,
  parsePrinterAddress,
  PrintWorker,
  queueSaleReceipt,
  receiptBytes,
  sendToSpooler,
  spoolerEnvironment,
  type PrinterSetup,
} from '../../../main/printer/index.ts';
import { TestCups } from '../../support/cups.ts';
import { decodeEscPos } from '../../support/escpos-decoder.ts';
import { FakePrinter } from '../../support/fake-printer.ts';
import { tempDb } from '../../support/fixtures.ts';

let cups: TestCups;
let printer: FakePrinter;
const workers: PrintWorker[] = [];

beforeAll(async () => {
  [cups, printer] = await Promise.all([TestCups.start(), FakePrinter.start()]);
  cups.addQueue('Receipt', `socket://127.0.0.1:${String(printer.port)}`);
}, 60_000);

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});

afterAll(async () => {
  await cups.stop();
  await printer.close();
});

const PRINT = { columns: 48, language: 'cs', currency: 'CZK' } as const;

function setup(queue = 'Receipt'): PrinterSetup {
  return { address: parsePrinterAddress(`printer:${queue}`, 'test'), paper: '80mm', print: PRINT };
}

function receipt(orderId: number, reference: string, tender: ReceiptView['tender']): ReceiptView {
  return {
    orderId: orderIdOf(orderId),
    reference,
    state: 'queued',
    placedAt: '2026-03-14T09:41:00.000Z',
    printCount: 0,
    lines: [
      { name: 'Rohlík tukový', quantity: 2, unitPrice: 3.5, lineTotal: 7, discount: 0, vatRate: 12 },
      { name: 'Žluťoučký čaj', quantity: 1, unitPrice: 49.9, lineTotal: 49.9, discount: 0, vatRate: 21 },
    ],
    totals: {
      byVatRate: [
        { vatRate: 12, base: 6.25, vat: 0.75, gross: 7 },
        { vatRate: 21, base: 41.24, vat: 8.66, gross: 49.9 },
      ],
      discount: 0,
      total: 56.9,
    },
    ...(tender === undefined ? {} : { tender }),
    pricedFrom: 'sale',
  };
}

const CASH = { parts: [{ method: 'cash' as const, amount: 56.9, given: 100 }], change: 43.1 };
const CARD = { parts: [{ method: 'card' as const, amount: 56.9 }], change: 0 };

/** A worker printing to `printer:queue` through the test's spooler (lp and lpstat of the system). */
function startWorker(
  name: string,
  tenders: Map<number, ReceiptView['tender']>,
  env: NodeJS.ProcessEnv = spoolerEnvironment(cups.env),
  queue = 'Receipt',
  timeouts?: { connectMs: number },
) {
  const { db } = tempDb(name);
  const references = new Map<number, string>();
  const worker = new PrintWorker({
    db,
    setup: () => setup(queue),
    receipt: (id) => receipt(id, references.get(id) ?? '?', tenders.get(id)),
    changed: () => undefined,
    log: () => undefined,
    retry: { baseMs: 20, maxMs: 200 },
    spoolerEnv: env,
    ...(timeouts === undefined ? {} : { timeouts }),
  });
  workers.push(worker);
  worker.start();
  const sale = (tender: ReceiptView['tender']) => {
    const order = insertOutboxOrder(db, { warehouseId: 1, items: [{ productId: 1, quantity: 1 }] });
    references.set(order.id, order.clientReference);
    tenders.set(order.id, tender);
    const job = queueSaleReceipt(db, order.id, tender ?? null, new Date());
    worker.wake();
    return { order, job };
  };
  return { db, worker, sale };
}

describe('a system printer through the print spooler (CUPS)', { timeout: 90_000 }, () => {
  it('lists the spooler printers, and says when the spooler is not running', async () => {
    expect(await listSystemPrinters(spoolerEnvironment(cups.env), 5_000)).toEqual({ printers: ['Receipt'] });
    const closed = await listSystemPrinters(spoolerEnvironment({ CUPS_SERVER: '127.0.0.1:1' }), 5_000);
    expect(closed).toMatchObject({ printers: [], problem: 'not-running' });
    const none = await listSystemPrinters({ ...spoolerEnvironment(cups.env), PATH: '/nonexistent' }, 5_000);
    expect(none).toMatchObject({ printers: [], problem: 'no-spooler' });
  });

  it("prints a cash sale's receipt with the drawer's pulse, its bytes unchanged, once", async () => {
    const before = printer.printed().length;
    const { db, sale } = startWorker('spooler-cash', new Map());
    const { order, job } = sale(CASH);
    await printer.until(() => printer.printed().length === before + 1);
    const bytes = printer.printed()[before];
    // The spooler passed the job as Counter made it: the raw queue adds, drops and changes nothing.
    const made = receiptBytes(
      receipt(order.id, order.clientReference, CASH),
      { copy: 'none', kick: true },
      PRINT,
    );
    expect(Buffer.from(bytes ?? []).equals(Buffer.from(made))).toBe(true);
    const decoded = decodeEscPos(bytes ?? new Uint8Array());
    expect(decoded.pulses).toBe(1);
    expect(decoded.cuts).toBe(1);
    expect(decoded.qr).toEqual([order.clientReference]);
    expect(decoded.lines.join('\n')).toContain('Žluťoučký čaj');
    await expect.poll(() => getPrintJob(db, job.id)?.state).toBe('printed');
    await expect.poll(() => cups.unfinished('Receipt')).toEqual([]);
  });

  it('keeps receipts while the printer is off: one in the spooler, the rest in its queue, each printed once', async () => {
    const before = printer.printed().length;
    await printer.off();
    const { db, worker, sale } = startWorker('spooler-off', new Map());
    const first = sale(CARD);
    // The spooler took the first and keeps trying the printer; the second stays with Counter.
    await expect.poll(() => getPrintJob(db, first.job.id)?.state).toBe('printed');
    expect(cups.unfinished('Receipt')).toHaveLength(1);
    const second = sale(CARD);
    await expect.poll(() => worker.status()).toMatchObject({ waiting: 1, problem: 'stalled' });
    expect(worker.status().detail).toMatch(/^Receipt: the print spooler has not printed Receipt-\d+ yet/);
    // Not printed: queued, or claimed for a moment while the spooler is asked again.
    expect(getPrintJob(db, second.job.id)?.state).not.toBe('printed');

    await printer.on();
    await printer.until(() => printer.printed().length === before + 2);
    await expect.poll(() => getPrintJob(db, second.job.id)?.state, { timeout: 30_000 }).toBe('printed');
    const printed = printer
      .printed()
      .slice(before)
      .map((job) => decodeEscPos(job));
    expect(printed.map((d) => d.qr)).toEqual([[first.order.clientReference], [second.order.clientReference]]);
    expect(printed.map((d) => d.pulses)).toEqual([0, 0]);
    expect(worker.status()).toEqual({ waiting: 0 });
  });

  it('keeps a receipt while the queue does not exist or lp is missing, and prints it once the queue is there', async () => {
    const before = printer.printed().length;
    const missing = startWorker('spooler-no-lp', new Map(), {
      ...spoolerEnvironment(cups.env),
      PATH: '/nonexistent',
    });
    missing.sale(CARD);
    await expect.poll(() => missing.worker.status()).toMatchObject({ waiting: 1, problem: 'unreachable' });
    expect(missing.worker.status().detail).toBe('Receipt: lpstat is not installed (the CUPS client)');

    const { db, worker, sale } = startWorker(
      'spooler-later',
      new Map(),
      spoolerEnvironment(cups.env),
      'Later',
    );
    const { order, job } = sale(CARD);
    await expect.poll(() => worker.status()).toMatchObject({ waiting: 1, problem: 'unreachable' });
    expect(worker.status().detail).toContain('Invalid destination name in list "Later"');
    cups.addQueue('Later', `socket://127.0.0.1:${String(printer.port)}`);
    await printer.until(() => printer.printed().length === before + 1);
    await expect.poll(() => getPrintJob(db, job.id)?.state).toBe('printed');
    expect(decodeEscPos(printer.printed()[before] ?? new Uint8Array()).qr).toEqual([order.clientReference]);
    // Handed over once: nothing more of it waits in the spooler to print again.
    await expect.poll(() => cups.unfinished('Later')).toEqual([]);
    expect(printer.printed()).toHaveLength(before + 1);
  });

  it('holds nothing up when the spooler takes the connection and never answers: not sent, kept', async () => {
    // A scheduler that hangs: it accepts and says nothing. lpstat is ended after its wait.
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const env = spoolerEnvironment({ CUPS_SERVER: `127.0.0.1:${String(port)}` });
      const { db, worker, sale } = startWorker('spooler-silent', new Map(), env, 'Receipt', {
        connectMs: 300,
      });
      const { job } = sale(CARD);
      await expect.poll(() => worker.status()).toMatchObject({ waiting: 1, problem: 'unreachable' });
      expect(worker.status().detail).toBe('Receipt: lpstat did not finish in time');
      expect(getPrintJob(db, job.id)?.copy).toBe('none');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("gives lp and lpstat only what they need: the app's secrets stay out of their environment", async () => {
    // lp and lpstat as the system has them, each behind a script that first writes down the
    // environment it was started in.
    const dir = mkdtempSync(join(tmpdir(), 'counter-lp-env-'));
    for (const tool of ['lp', 'lpstat']) {
      const script = join(dir, tool);
      writeFileSync(script, `#!/bin/sh\nenv > "${dir}/${tool}.env"\nexec /usr/bin/${tool} "$@"\n`);
      chmodSync(script, 0o755);
    }
    const saved = { PATH: process.env.PATH, POS_CLIENT_SECRET: process.env.POS_CLIENT_SECRET };
    process.env.PATH = `${dir}:${saved.PATH ?? '/usr/bin:/bin'}`;
    process.env.POS_CLIENT_SECRET = 'the-client-secret';
    try {
      const before = printer.printed().length;
      const { db, sale } = startWorker('spooler-env', new Map(), spoolerEnvironment(cups.env));
      const { job } = sale(CARD);
      await printer.until(() => printer.printed().length === before + 1);
      await expect.poll(() => getPrintJob(db, job.id)?.state).toBe('printed');
      for (const tool of ['lp', 'lpstat']) {
        const seen = readFileSync(join(dir, `${tool}.env`), 'utf8');
        expect(seen).not.toContain('the-client-secret');
        const names = seen
          .split('\n')
          .filter((line) => line.includes('='))
          .map((line) => line.slice(0, line.indexOf('=')));
        expect(names.filter((name) => !['PWD', 'SHLVL', '_'].includes(name)).sort()).toEqual(
          [
            'CUPS_SERVER',
            'HOME',
            'LANG',
            'LC_ALL',
            'PATH',
            ...(process.env.TMPDIR === undefined ? [] : ['TMPDIR']),
          ].sort(),
        );
        expect(seen).toContain(`CUPS_SERVER=${cups.server}`);
      }
    } finally {
      process.env.PATH = saved.PATH;
      if (saved.POS_CLIENT_SECRET === undefined) delete process.env.POS_CLIENT_SECRET;
      else process.env.POS_CLIENT_SECRET = saved.POS_CLIENT_SECRET;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps only the start of what lpstat says, however much it says', async () => {
    // An lpstat that answers with a megabyte of held jobs, in many chunks.
    const dir = mkdtempSync(join(tmpdir(), 'counter-lpstat-chatty-'));
    writeFileSync(join(dir, 'lpstat'), '#!/bin/sh\nyes "Receipt-1 counter 1024" | head -c 1000000\n');
    chmodSync(join(dir, 'lpstat'), 0o755);
    try {
      const sent = await sendToSpooler('Receipt', new Uint8Array([0x0a]), {
        env: { ...spoolerEnvironment(cups.env), PATH: `${dir}:/usr/bin:/bin` },
        askMs: 20_000,
        sendMs: 20_000,
      });
      expect(sent).toMatchObject({ kind: 'not-sent', problem: 'stalled' });
      const detail = sent.kind === 'not-sent' ? sent.detail : '';
      expect(detail).toMatch(/^Receipt: the print spooler has not printed Receipt-1, Receipt-1/);
      expect(detail.length).toBeLessThan(20_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
