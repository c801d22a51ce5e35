// Which serial scanner to read: POS_SCANNER_PORT (with POS_SCANNER_BAUD and POS_SCANNER_LINE_END)
// wins over Settings, as POS_RECEIPT_PRINTER does for the printer: a kiosk sets its till in one
// place. A wrong value is said at start, naming the variable, not at the first scan that goes missing.
import {
  english,
  SERIAL_BAUD_RATES,
  SerialScannerSettings,
  say,
  type Said,
} from '../../contract/contract.ts';

type Env = Readonly<Record<string, string | undefined>>;

export const SCANNER_ENV = {
  port: 'POS_SCANNER_PORT',
  baudRate: 'POS_SCANNER_BAUD',
  lineEnd: 'POS_SCANNER_LINE_END',
} as const;

/** A USB-COM scanner ignores the rate; 9600 is what RS-232 scanners ship set to. */
export const DEFAULT_SERIAL_SCANNER: SerialScannerSettings = { port: null, baudRate: 9600, lineEnd: 'any' };

/** A POS_SCANNER_* value Counter cannot use: what is wrong, in English and by key. */
export class ScannerConfigError extends Error {
  override name = 'ScannerConfigError';
  readonly said: readonly Said[];
  constructor(said: readonly Said[]) {
    super(english(said));
    this.said = said;
  }
}

/** The serial scanner the environment gives; undefined when POS_SCANNER_PORT is unset. Throws ScannerConfigError. */
export function serialScannerFromEnv(env: Env): SerialScannerSettings | undefined {
  const port = value(env, SCANNER_ENV.port);
  if (port === undefined) return undefined;
  const baud = value(env, SCANNER_ENV.baudRate);
  const lineEnd = value(env, SCANNER_ENV.lineEnd);
  const baudRate = baud === undefined ? DEFAULT_SERIAL_SCANNER.baudRate : Number(baud);
  if (!SerialScannerSettings.shape.baudRate.safeParse(baudRate).success) {
    throw new ScannerConfigError([
      say('scannerBaudInvalid', { name: SCANNER_ENV.baudRate, value: baud ?? '', rates: RATES }),
    ]);
  }
  const end = SerialScannerSettings.shape.lineEnd.safeParse(lineEnd ?? DEFAULT_SERIAL_SCANNER.lineEnd);
  if (!end.success) {
    throw new ScannerConfigError([
      say('scannerLineEndInvalid', { name: SCANNER_ENV.lineEnd, value: lineEnd ?? '' }),
    ]);
  }
  return SerialScannerSettings.parse({ port, baudRate, lineEnd: end.data });
}

const RATES = SERIAL_BAUD_RATES.join(', ');

function value(env: Env, name: string): string | undefined {
  const text = env[name]?.trim();
  return text === undefined || text === '' ? undefined : text;
}
