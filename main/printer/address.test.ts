import { describe, expect, it } from 'vitest';
import { displayPrinter, parsePrinterAddress, PrinterAddressError } from './address.ts';

function problem(text: string): { message: string; keys: string[] } {
  try {
    parsePrinterAddress(text, 'POS_RECEIPT_PRINTER');
  } catch (error) {
    if (!(error instanceof PrinterAddressError)) throw error;
    return { message: error.message, keys: error.said.map((s) => s.key) };
  }
  throw new Error(`${text} was taken`);
}

describe('a receipt printer address', () => {
  it('is tcp://HOST[:PORT], port 9100 unless said', () => {
    expect(parsePrinterAddress('tcp://192.168.1.50', 'x')).toMatchObject({
      kind: 'tcp',
      host: '192.168.1.50',
      port: 9100,
    });
    expect(parsePrinterAddress(' tcp://printer.local:9101 ', 'x')).toMatchObject({
      text: 'tcp://printer.local:9101',
      host: 'printer.local',
      port: 9101,
    });
    expect(parsePrinterAddress('tcp://[::1]:9100', 'x')).toMatchObject({ host: '::1', port: 9100 });
  });

  it('takes the line width and the printer model as query parameters', () => {
    expect(parsePrinterAddress('tcp://10.0.0.5:9100?columns=42&model=epson-tm-t20iii', 'x')).toMatchObject({
      columns: 42,
      model: 'epson-tm-t20iii',
    });
  });

  it('is printer:NAME for a system printer, the name as the spooler has it', () => {
    expect(parsePrinterAddress(' printer:Receipt ', 'x')).toEqual({
      kind: 'spooler',
      text: 'printer:Receipt',
      queue: 'Receipt',
    });
    expect(parsePrinterAddress('printer:EPSON_TM-T20III.ÚČTENKY?columns=42', 'x')).toEqual({
      kind: 'spooler',
      text: 'printer:EPSON_TM-T20III.ÚČTENKY?columns=42',
      queue: 'EPSON_TM-T20III.ÚČTENKY',
      columns: 42,
    });
    expect(displayPrinter(parsePrinterAddress('printer:Receipt?model=epson-tm-t20iii', 'x'))).toBe('Receipt');
  });

  it('refuses a system printer name the spooler would not have, saying what is wrong', () => {
    expect(problem('printer:').message).toBe(
      "POS_RECEIPT_PRINTER: printer: is followed by the system printer's name, such as printer:Receipt.",
    );
    expect(problem('printer:?columns=32').keys).toEqual(['printerQueueNone']);
    for (const name of ['Receipt 1', 'a/b', 'a\\b', "it's", 'a#1', 'a"b', 'x'.repeat(128)]) {
      expect(problem(`printer:${name}`)).toEqual({
        message: expect.stringContaining(`"${name}" is not a system printer's name`) as unknown,
        keys: ['printerQueueName'],
      });
    }
    // lpstat and lp would take a name starting with "-" for one of their options: `lpstat -o -r`
    // answers "scheduler is running", which is not a job held in the queue.
    for (const name of ['-r', '-Receipt', '--help']) {
      expect(problem(`printer:${name}`)).toEqual({
        message: `POS_RECEIPT_PRINTER: "${name}" is not a system printer's name: it cannot start with "-".`,
        keys: ['printerQueueDash'],
      });
    }
    expect(parsePrinterAddress('printer:Receipt-2', 'x')).toMatchObject({ queue: 'Receipt-2' });
    expect(problem('printer:Receipt?columns=40&cut=no').keys).toEqual([
      'printerAddressColumns',
      'printerAddressOption',
    ]);
    expect(problem('printers:Receipt').keys).toEqual(['printerAddressScheme']);
  });

  it('is refused naming where it came from and what is wrong', () => {
    expect(problem('http://10.0.0.5:9100')).toEqual({
      message:
        'POS_RECEIPT_PRINTER: A printer address starts with tcp:// (a network printer, such as tcp://192.168.1.50:9100) or printer: (a system printer by name, such as printer:Receipt).',
      keys: ['printerAddressScheme'],
    });
    expect(problem('10.0.0.5').keys).toEqual(['printerAddressScheme']);
    expect(problem('tcp://10.0.0.5:70000').keys).toEqual(['printerAddressUnreadable']);
    expect(problem('tcp://').keys).toEqual(['printerAddressNoHost']);
    expect(problem('tcp://user:pw@10.0.0.5/queue').keys).toEqual(['printerAddressExtra']);
    expect(problem('tcp://10.0.0.5?columns=40&paper=58').keys).toEqual([
      'printerAddressColumns',
      'printerAddressOption',
    ]);
    expect(problem('tcp://10.0.0.5?model=tm-9000').message).toContain('model=tm-9000 is not a printer model');
    expect(problem('').keys).toEqual(['printerAddressUnreadable']);
  });
});
