// Which serial scanner to read: POS_SCANNER_PORT (its rate and line end as options after its path,
// `/dev/ttyACM0?baud=9600&end=CR` as INTERFACES.md has it, or in POS_SCANNER_BAUD and
// POS_SCANNER_LINE_END) wins over Settings, as POS_RECEIPT_PRINTER does for the printer: a kiosk sets its till in one
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
  const given = value(env, SCANNER_ENV.port);
  if (given === undefined) return undefined;
  const { port, options } = portAndOptions(given);
  const baud = once(options, 'baud', env, SCANNER_ENV.baudRate);
  const lineEnd = once(options, 'end', env, SCANNER_ENV.lineEnd);
  const baudRate = baud === undefined ? DEFAULT_SERIAL_SCANNER.baudRate : Number(baud.value);
  if (!SerialScannerSettings.shape.baudRate.safeParse(baudRate).success) {
    throw new ScannerConfigError([
      say('scannerBaudInvalid', { name: baud?.name ?? '', value: baud?.value ?? '', rates: RATES }),
    ]);
  }
  const end = SerialScannerSettings.shape.lineEnd.safeParse(
    lineEnd?.value.toLowerCase() ?? DEFAULT_SERIAL_SCANNER.lineEnd,
  );
  if (!end.success) {
    throw new ScannerConfigError([
      say('scannerLineEndInvalid', { name: lineEnd?.name ?? '', value: lineEnd?.value ?? '' }),
    ]);
  }
  return SerialScannerSettings.parse({ port, baudRate, lineEnd: end.data });
}

const RATES = SERIAL_BAUD_RATES.join(', ');

/** What POS_SCANNER_PORT may carry after its path, as INTERFACES.md writes it: `?baud=9600&end=CR`. */
const PORT_OPTIONS = ['baud', 'end'] as const;
type PortOption = (typeof PORT_OPTIONS)[number];

/**
 * POS_SCANNER_PORT split into the port's path and its options (`/dev/ttyACM0?baud=9600&end=CR`). A
 * port's path has no `?` (/dev/ttyACM0, /dev/serial/by-id/…, COM3), so the first one starts them.
 */
function portAndOptions(given: string): { port: string; options: Map<PortOption, string> } {
  const mark = given.indexOf('?');
  if (mark < 0) return { port: given, options: new Map() };
  const options = new Map<PortOption, string>();
  for (const [key, text] of new URLSearchParams(given.slice(mark + 1))) {
    const option = PORT_OPTIONS.find((o) => o === key.toLowerCase());
    if (option === undefined || options.has(option)) {
      throw new ScannerConfigError([
        say('scannerPortOptionUnknown', {
          name: SCANNER_ENV.port,
          option: key,
          options: PORT_OPTIONS.join(', '),
        }),
      ]);
    }
    options.set(option, text.trim());
  }
  return { port: given.slice(0, mark).trim(), options };
}

/**
 * One setting given in POS_SCANNER_PORT's options or in its own variable, with the name to say it by
 * when it is wrong; both, unless they say the same, is refused: the kiosk would not know which holds.
 */
function once(
  options: ReadonlyMap<PortOption, string>,
  option: PortOption,
  env: Env,
  variable: string,
): { value: string; name: string } | undefined {
  const inPort = options.get(option);
  const own = value(env, variable);
  if (inPort !== undefined && own !== undefined && inPort.toLowerCase() !== own.toLowerCase()) {
    throw new ScannerConfigError([
      say('scannerSetTwice', {
        port: `${SCANNER_ENV.port} ?${option}=${inPort}`,
        name: variable,
        value: own,
      }),
    ]);
  }
  if (inPort !== undefined) return { value: inPort, name: `${SCANNER_ENV.port} ?${option}` };
  return own === undefined ? undefined : { value: own, name: variable };
}

function value(env: Env, name: string): string | undefined {
  const text = env[name]?.trim();
  return text === undefined || text === '' ? undefined : text;
}
