import { describe, expect, it } from 'vitest';
import { parsePrinterAddress, PrinterAddressError } from './address.ts';

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

  it('is refused naming where it came from and what is wrong', () => {
    expect(problem('http://10.0.0.5:9100')).toEqual({
      message:
        'POS_RECEIPT_PRINTER: A printer address starts with tcp:// (a network printer, such as tcp://192.168.1.50:9100).',
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
