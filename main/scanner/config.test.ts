// POS_SCANNER_PORT as INTERFACES.md writes it (`/dev/ttyACM0?baud=9600&end=CR`) and as separate
// variables; what is wrong is refused naming where it was written.
import { describe, expect, it } from 'vitest';
import { ScannerConfigError, serialScannerFromEnv } from './config.ts';

const refusal = (env: Record<string, string>): string => {
  try {
    serialScannerFromEnv(env);
  } catch (error) {
    if (error instanceof ScannerConfigError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

describe('serialScannerFromEnv', () => {
  it('is nothing without POS_SCANNER_PORT, and the defaults with a bare path', () => {
    expect(serialScannerFromEnv({})).toBeUndefined();
    expect(serialScannerFromEnv({ POS_SCANNER_PORT: ' ' })).toBeUndefined();
    expect(serialScannerFromEnv({ POS_SCANNER_PORT: '/dev/ttyACM0' })).toEqual({
      port: '/dev/ttyACM0',
      baudRate: 9600,
      lineEnd: 'any',
    });
  });

  it("reads the rate and line end from the port's options, any case", () => {
    expect(serialScannerFromEnv({ POS_SCANNER_PORT: '/dev/ttyACM0?baud=115200&end=CR' })).toEqual({
      port: '/dev/ttyACM0',
      baudRate: 115200,
      lineEnd: 'cr',
    });
    expect(serialScannerFromEnv({ POS_SCANNER_PORT: 'COM3?END=crlf' })).toEqual({
      port: 'COM3',
      baudRate: 9600,
      lineEnd: 'crlf',
    });
  });

  it('reads them from their own variables, and from both when both say the same', () => {
    expect(
      serialScannerFromEnv({
        POS_SCANNER_PORT: '/dev/ttyS0',
        POS_SCANNER_BAUD: '4800',
        POS_SCANNER_LINE_END: 'LF',
      }),
    ).toEqual({ port: '/dev/ttyS0', baudRate: 4800, lineEnd: 'lf' });
    expect(
      serialScannerFromEnv({ POS_SCANNER_PORT: '/dev/ttyS0?end=cr', POS_SCANNER_LINE_END: 'CR' }),
    ).toEqual({ port: '/dev/ttyS0', baudRate: 9600, lineEnd: 'cr' });
  });

  it('refuses what is wrong, naming where it was written', () => {
    expect(refusal({ POS_SCANNER_PORT: '/dev/ttyACM0?baud=9601' })).toBe(
      'POS_SCANNER_PORT ?baud=9601 is not a baud rate: use one of 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200.',
    );
    expect(refusal({ POS_SCANNER_PORT: '/dev/ttyACM0', POS_SCANNER_BAUD: 'fast' })).toMatch(
      /^POS_SCANNER_BAUD=fast is not a baud rate/,
    );
    expect(refusal({ POS_SCANNER_PORT: '/dev/ttyACM0?end=nl' })).toBe(
      'POS_SCANNER_PORT ?end=nl: a line ends with any, cr, lf, crlf or tab.',
    );
    expect(refusal({ POS_SCANNER_PORT: '/dev/ttyACM0?rate=9600' })).toBe(
      'POS_SCANNER_PORT: "rate" is not an option of the port (or is given twice): use baud, end.',
    );
    expect(refusal({ POS_SCANNER_PORT: '/dev/ttyACM0?end=cr&end=lf' })).toMatch(/"end" is not an option/);
    expect(refusal({ POS_SCANNER_PORT: '/dev/ttyACM0?baud=9600', POS_SCANNER_BAUD: '115200' })).toBe(
      'POS_SCANNER_PORT ?baud=9600 and POS_SCANNER_BAUD=115200 say different things: give it in one place.',
    );
  });
});
