// The receipt printer through the core, against the real sim and a fake network printer on loopback
// (test/support/fake-printer.ts), read back with the tests' ESC/POS decoder: a cash sale prints its
// receipt once and opens the drawer, a card sale prints without, a sale while the printer is off
// prints once when it is back (also after the app restarted), a receipt cut off mid-print (the app
// died, or the printer dropped the connection part way) comes again as a copy, a printer out of paper
// or stuck holds receipts without holding up the sale, the test page and the drawer without a sale
// (counted, behind the manager PIN), a reprint marked as a copy.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callCore } from '../../support/synced-core.ts';
import type {
  CompanyMatchView,
  DrawerOpeningView,
  OutboxEntryView,
  PrintJobView,
  ReceiptView,
  SessionView,
  SettingsView,
  ShiftStateView,
  StatusView,
} from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { drawerOpenings } from '../../../db/drawer.ts';
import { claimPrintJob, insertReceiptJob } from '../../../db/print-jobs.ts';
import { Core } from '../../../main/core/core.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { DecodeError, decodeEscPos, type Decoded } from '../../support/escpos-decoder.ts';
import { FakePrinter } from '../../support/fake-printer.ts';
import {
  firstSellable,
  stopAll,
  syncedTerminal,
  type Sellable,
  type SyncedTerminal,
} from '../../support/terminal.ts';

let terminal: SyncedTerminal;
let printer: FakePrinter;
let core: Core;
let item: Sellable;

async function startCore(printRetry = { baseMs: 20, maxMs: 200 }): Promise<Core> {
  return Core.create({
    dataDir: terminal.dataDir,
    credentials: new MemoryCredentialStore(),
    env: { ...terminal.env, POS_RECEIPT_PRINTER: printer.address },
    autoSync: false,
    probeIntervalMs: 200,
    log: () => undefined,
    // Attempts close together, so a printer back is printed to soon; the pause still grows.
    printRetry,
    printTimeouts: { statusMs: 300, writeMs: 5_000 },
  });
}

beforeAll(async () => {
  terminal = await syncedTerminal('printer');
  printer = await FakePrinter.start();
  item = firstSellable(terminal.dataDir);
  core = await startCore();
  const [company] = (await call('companies.find', { text: '1' })) as CompanyMatchView[];
  await call('settings.set', {
    warehouseId: item.warehouseId,
    walkInCustomer: { companyId: company?.companyId },
    language: 'cs',
    priceCurrency: 'CZK',
  });
}, 120_000);

afterAll(async () => {
  await core.close();
  await printer.close();
  await stopAll(terminal, undefined, undefined);
});

const call = (channel: string, input?: unknown): Promise<unknown> => callCore(core, channel, input);

async function refusal(channel: string, input: unknown = {}) {
  const envelope = await core.invoke(channel, input);
  if (envelope.ok) throw new Error(`${channel} was not refused`);
  return envelope.error;
}

async function sell(method: 'cash' | 'card' | 'split', quantity = 1): Promise<OutboxEntryView> {
  await call('session.scan', { code: item.barcode, via: 'scanner', quantity });
  const total = ((await call('session.current')) as SessionView).totals.total;
  const given = Math.ceil(total / 100) * 100 + 100;
  const tender =
    method === 'cash' ? { method, given } : method === 'card' ? { method } : { method, card: 1, given };
  return ((await call('session.close', { tender })) as { order: OutboxEntryView }).order;
}

/** The receipts printed so far whose QR code is `reference` (a job cut off mid-command is none). */
function receiptsOf(reference: string | undefined): Decoded[] {
  return printer
    .printed()
    .flatMap((job) => {
      try {
        return [decodeEscPos(job)];
      } catch (error) {
        if (error instanceof DecodeError) return [];
        throw error;
      }
    })
    .filter((d) => d.qr.includes(reference ?? '?'));
}

async function printerStatus(): Promise<StatusView['printer']> {
  return ((await call('status.get')) as StatusView).printer;
}

describe('the receipt printer', () => {
  it('prints a cash sale once, in Czech, and opens the drawer with it', async () => {
    const order = await sell('cash', 2);
    await printer.until(() => receiptsOf(order.clientReference).length === 1);
    const [receipt] = receiptsOf(order.clientReference);
    const text = receipt?.lines.join('\n') ?? '';
    expect(text).toContain(item.productName);
    expect(text).toMatch(/CELKEM +[\d ]+,\d\d Kč/);
    expect(text).toContain('Přijato hotově');
    expect(text).toContain('Vráceno');
    expect(text).toContain('Děkujeme za nákup');
    expect(text).not.toContain('KOPIE');
    // The till's receipt number, and the print counted: the next print of it is a copy.
    const view = (await call('receipt.get', { id: order.id })) as ReceiptView;
    expect(text).toContain(`Účtenka č. ${view.number ?? '?'}`);
    await vi.waitFor(async () =>
      expect(((await call('receipt.get', { id: order.id })) as ReceiptView).printCount).toBe(1),
    );
    expect(receipt?.pulses).toBe(1);
    expect(receipt?.cuts).toBe(1);
    // The pulse goes before the text: the drawer opens while the receipt prints.
    const kinds = receipt?.events.map((e) => e.kind) ?? [];
    expect(kinds.indexOf('pulse')).toBeLessThan(kinds.indexOf('line'));
    await vi.waitFor(async () =>
      expect(await printerStatus()).toEqual({ printer: `127.0.0.1:${String(printer.port)}`, waiting: 0 }),
    );
  });

  it('prints a card sale without opening the drawer', async () => {
    const order = await sell('card');
    await printer.until(() => receiptsOf(order.clientReference).length === 1);
    const [receipt] = receiptsOf(order.clientReference);
    expect(receipt?.lines.join('\n')).toContain('Placeno kartou');
    expect(receipt?.pulses).toBe(0);
  });

  it('opens the drawer for a split payment with a cash part', async () => {
    const order = await sell('split');
    await printer.until(() => receiptsOf(order.clientReference).length === 1);
    const [receipt] = receiptsOf(order.clientReference);
    // The card's part exact, the cash rounded to whole crowns (the demo's prices end in ,90 Kč).
    expect(receipt?.lines.join('\n')).toMatch(
      /Placeno kartou +1,00 Kč\nZaokrouhlení +\+0,10 Kč\nPlaceno hotově/,
    );
    expect(receipt?.pulses).toBe(1);
  });

  it('keeps a sale made while the printer is off, and prints it once after a restart', async () => {
    await printer.off();
    const order = await sell('cash');
    await vi.waitFor(async () =>
      expect(await printerStatus()).toMatchObject({ waiting: 1, problem: 'unreachable' }),
    );
    // Selling goes on while it waits.
    const second = await sell('card');
    expect(await printerStatus()).toMatchObject({ waiting: 2 });
    await core.close();
    await printer.on();
    core = await startCore();
    await printer.until(() => receiptsOf(second.clientReference).length === 1);
    await vi.waitFor(async () => expect(await printerStatus()).toMatchObject({ waiting: 0 }));
    // In the order they were sold, each once: a third sale's receipt follows them, and no other.
    const third = await sell('card');
    await printer.until(() => receiptsOf(third.clientReference).length === 1);
    expect(receiptsOf(order.clientReference)).toHaveLength(1);
    expect(receiptsOf(second.clientReference)).toHaveLength(1);
    const order3 = printer
      .printed()
      .slice(-3)
      .map((job) => decodeEscPos(job).qr[0]);
    expect(order3).toEqual([order.clientReference, second.clientReference, third.clientReference]);
  });

  it("tries a waiting receipt at once when a restarted till's first call changes the printer's settings", async () => {
    // An hour between attempts: only the settings' change makes the waiting job due before then.
    const hour = { baseMs: 3_600_000, maxMs: 3_600_000 };
    await core.close();
    core = await startCore(hour);
    await printer.off();
    const order = await sell('cash');
    await vi.waitFor(async () =>
      expect(await printerStatus()).toMatchObject({ waiting: 1, problem: 'unreachable' }),
    );
    await core.close();
    await printer.on();
    // Restarted, its first call is the change: the print worker is not loaded yet (it loads with the
    // background work, main/areas/link.ts), yet the job is due now and printed when it starts.
    core = await startCore(hour);
    await call('settings.set', { receiptPaper: '80mm' });
    await printer.until(() => receiptsOf(order.clientReference).length === 1);
    await core.close();
    core = await startCore();
  });

  it('prints a receipt cut off mid-print again, marked as a copy that may have printed', async () => {
    const order = await sell('card');
    await printer.until(() => receiptsOf(order.clientReference).length === 1);
    await core.close();
    // The app died while writing a reprint of it: the job is left `printing` by a process now gone.
    const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
    try {
      const job = insertReceiptJob(db, Number(order.id), { copy: 'none', kickUntil: null, now: new Date() });
      expect(claimPrintJob(db, job.id, `${hostname()}/4194399/deadbeef/-`, new Date())).toBe(true);
    } finally {
      db.close();
    }
    core = await startCore();
    await printer.until(() => receiptsOf(order.clientReference).length === 2);
    expect(receiptsOf(order.clientReference)[1]?.lines.join('\n')).toContain(
      'KOPIE: první tisk byl přerušen a možná proběhl.',
    );
    await vi.waitFor(async () => expect(await printerStatus()).toMatchObject({ waiting: 0 }));
  });

  it('a printer that answered the paper status, took part of the receipt and dropped: printed again as a copy', async () => {
    const before = printer.jobs.length;
    printer.dropNextAfter(123);
    const order = await sell('card');
    // The first job reached the printer cut off: 123 bytes (the paper status asked, then 120 of the
    // receipt's), no QR code, no cut.
    await printer.until((jobs) => jobs.length > before);
    const cut = printer.jobs[before];
    expect(cut?.length).toBe(123);
    // Never counted as printed: the whole receipt comes again, marked as a copy that may have printed.
    await vi.waitFor(() => expect(receiptsOf(order.clientReference)).toHaveLength(1), { timeout: 30_000 });
    const text = receiptsOf(order.clientReference)[0]?.lines.map((l) => l.trim()) ?? [];
    expect(text).toContain('KOPIE');
    expect(text).toContain('KOPIE: první tisk byl přerušen a možná proběhl.');
    expect(receiptsOf(order.clientReference)[0]?.cuts).toBe(1);
    await vi.waitFor(async () => expect(await printerStatus()).toMatchObject({ waiting: 0 }));
  });

  it('holds receipts while the printer is out of paper or stuck, and prints each once after', async () => {
    printer.paper = 'out';
    const dry = await sell('cash');
    await vi.waitFor(async () =>
      expect(await printerStatus()).toMatchObject({ waiting: 1, problem: 'paper-out' }),
    );
    expect(receiptsOf(dry.clientReference)).toHaveLength(0);
    printer.paper = 'ok';
    await call('printer.retry');
    await printer.until(() => receiptsOf(dry.clientReference).length === 1);

    printer.stick();
    const stuck = await sell('card');
    await vi.waitFor(async () =>
      expect(await printerStatus()).toMatchObject({ waiting: 1, problem: 'stalled' }),
    );
    expect(receiptsOf(stuck.clientReference)).toHaveLength(0);
    await printer.on();
    await printer.until(() => receiptsOf(stuck.clientReference).length === 1);
    await vi.waitFor(async () => expect(await printerStatus()).toMatchObject({ waiting: 0 }));
    expect(receiptsOf(dry.clientReference)).toHaveLength(1);
  });

  it('knows a printer that answered before is stuck, also right after a restart', async () => {
    printer.stick();
    await core.close();
    core = await startCore();
    const order = await sell('card');
    await vi.waitFor(async () =>
      expect(await printerStatus()).toMatchObject({ waiting: 1, problem: 'stalled' }),
    );
    await printer.on();
    await printer.until(() => receiptsOf(order.clientReference).length === 1);
    await vi.waitFor(async () => expect(await printerStatus()).toMatchObject({ waiting: 0 }));
  });

  it('reprints a receipt as a copy, without the drawer', async () => {
    const order = await sell('cash');
    await printer.until(() => receiptsOf(order.clientReference).length === 1);
    const job = (await call('printer.reprint', { id: order.id })) as PrintJobView;
    expect(job.copy).toBe(true);
    await printer.until(() => receiptsOf(order.clientReference).length === 2);
    const copy = receiptsOf(order.clientReference)[1];
    expect(copy?.lines.map((l) => l.trim())).toContain('KOPIE');
    expect(copy?.pulses).toBe(0);
    expect((await refusal('printer.reprint', { id: 987_654 })).code).toBe('not-found');
  });

  it('prints a test page in the language of the screens', async () => {
    const before = printer.printed().length;
    expect(await call('printer.testPage')).toEqual({ printer: `127.0.0.1:${String(printer.port)}` });
    // Taken by the connection; the printer has it all once the connection closes.
    await printer.until(() => printer.printed().length > before);
    const page = decodeEscPos(printer.printed()[before] ?? new Uint8Array());
    expect(page.lines.join('\n')).toContain('Zkušební stránka');
    expect(page.lines).toContain('PŘÍLIŠ ŽLUŤOUČKÝ KŮŇ ÚPĚL ĎÁBELSKÉ ÓDY.');
    await printer.off();
    expect(await refusal('printer.testPage')).toMatchObject({
      code: 'failed',
      said: [{ key: 'printerUnreachable', values: { printer: `127.0.0.1:${String(printer.port)}` } }],
    });
    await printer.on();
  });

  it('opens the drawer without a sale behind the manager PIN, and counts each opening', async () => {
    const shift = ((await call('shift.current')) as ShiftStateView).open;
    if (shift === null) throw new Error('the terminal has no shift open');
    const before = printer.printed().length;
    expect(await call('printer.openDrawer')).toMatchObject({ by: 'till' });
    await printer.until(() => printer.printed().length > before);
    const kick = decodeEscPos(printer.printed()[before] ?? new Uint8Array());
    expect(kick).toMatchObject({ pulses: 1, cuts: 0, lines: [] });

    await call('settings.set', { managerPin: '2468' });
    await call('manager.lock');
    expect(await refusal('printer.openDrawer')).toMatchObject({
      code: 'locked',
      said: [{ key: 'lockedDrawer' }],
    });
    await call('manager.unlock', { pin: '2468' });
    const opened = (await call('printer.openDrawer')) as DrawerOpeningView;
    expect(opened.by).toBe('manager');
    // A drawer that did not open is not counted.
    await printer.off();
    expect((await refusal('printer.openDrawer')).said).toEqual([
      { key: 'printerUnreachable', values: { printer: `127.0.0.1:${String(printer.port)}` } },
    ]);
    await printer.on();
    await call('settings.set', { clearManagerPin: true });

    const db = openDatabase(join(terminal.dataDir, 'counter.sqlite'));
    try {
      expect(drawerOpenings(db, shift.id).map((o) => o.by)).toEqual(['till', 'manager']);
    } finally {
      db.close();
    }
  });

  it('prints no receipt by itself when printing on sale is off, yet opens the drawer for cash', async () => {
    await call('settings.set', { printOnSale: false });
    const before = printer.printed().length;
    const card = await sell('card');
    const cash = await sell('cash');
    // The cash sale's pulse alone: no text, no cut.
    await printer.until(() => printer.printed().length === before + 1);
    expect(decodeEscPos(printer.printed()[before] ?? new Uint8Array())).toMatchObject({
      lines: [],
      cuts: 0,
      pulses: 1,
    });
    await vi.waitFor(async () => expect(await printerStatus()).toMatchObject({ waiting: 0 }));
    expect(receiptsOf(card.clientReference)).toHaveLength(0);
    expect(receiptsOf(cash.clientReference)).toHaveLength(0);
    await call('printer.reprint', { id: card.id });
    await printer.until(() => receiptsOf(card.clientReference).length === 1);
    // Its first printing is the original.
    expect(receiptsOf(card.clientReference)[0]?.lines.join('\n')).not.toContain('KOPIE');
    await call('settings.set', { printOnSale: true });
  });

  it('prints the X report of the open shift and the Z report at its close, with the drawer openings', async () => {
    const open = ((await call('shift.current')) as ShiftStateView).open;
    if (open === null) throw new Error('the terminal has no shift open');
    let before = printer.printed().length;
    expect(await call('printer.printReport', { report: 'x' })).toEqual({
      printer: `127.0.0.1:${String(printer.port)}`,
    });
    await printer.until(() => printer.printed().length > before);
    const x = decodeEscPos(printer.printed()[before] ?? new Uint8Array());
    expect(x.lines[0]?.trim()).toBe('X-REPORT (PRŮBĚŽNÝ)');
    expect(x.lines).toContain(`Prodeje: ${String(open.sales.count)}`);
    // The two openings without a sale of this file's drawer case, in the shift's time.
    expect(x.lines).toContain('Zásuvka otevřena bez prodeje: 2');
    expect(x.cuts).toBe(1);

    await call('shift.close', { counted: open.expectedCash });
    before = printer.printed().length;
    await call('printer.printReport', { report: 'z' });
    await printer.until(() => printer.printed().length > before);
    const z = decodeEscPos(printer.printed()[before] ?? new Uint8Array());
    expect(z.lines[0]?.trim()).toBe('Z-REPORT (UZÁVĚRKA SMĚNY)');
    expect(z.lines).toContain(`Rozdíl${' '.repeat(35)}0,00 Kč`);
    expect(z.lines.join('\n')).toMatch(/Napočítaná hotovost +[\d ]+,\d\d Kč/);
    expect(await refusal('printer.printReport', { report: 'x' })).toMatchObject({
      code: 'not-found',
      said: [{ key: 'shiftClosed' }],
    });
    await call('shift.open', { float: 0 });
  });

  it('says what is wrong with a printer address, in Settings and in POS_RECEIPT_PRINTER', async () => {
    const wrong = await refusal('settings.set', { receiptPrinter: 'http://10.0.0.5:9100' });
    expect(wrong).toMatchObject({ code: 'invalid-input', said: [{ key: 'printerAddressScheme' }] });
    const view = (await call('settings.get')) as SettingsView;
    expect(view).toMatchObject({
      receiptPrinter: printer.address,
      receiptPrinterSource: 'env',
      printOnSale: true,
    });
    await expect(
      Core.create({
        dataDir: terminal.dataDir,
        credentials: new MemoryCredentialStore(),
        env: { ...terminal.env, POS_RECEIPT_PRINTER: 'tcp://10.0.0.5:99999' },
      }),
    ).rejects.toThrow(/^POS_RECEIPT_PRINTER: .*tcp:\/\/192\.168\.1\.50:9100/);
  });
});
