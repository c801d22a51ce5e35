// Where the receipt printer is, from POS_RECEIPT_PRINTER or Settings: `tcp://HOST[:PORT]` (raw
// ESC/POS over TCP, port 9100 unless said), or `printer:NAME`, a queue of the system's print spooler
// (CUPS on Linux and macOS) fed the same bytes raw, which is how a USB receipt printer is reached.
// Two optional settings of the printer ride along as query parameters, so a kiosk's one variable says all of it: `columns` (32, 42 or 48 characters a line,
// where the paper's width alone does not say: a 58 mm printer prints 32 in its normal font, some 42)
// and `model` (one of the encoder library's printer models: its code page numbers and its commands).
import { encoderLibrary } from './encoder-library.ts';
import { z } from 'zod';
import { english, say, type Said } from '../../contract/core-words.ts';
import { lazy } from '../../common/lazy.ts';

export const DEFAULT_PRINTER_PORT = 9100;
export const COLUMN_CHOICES = [32, 42, 48] as const;
export type Columns = (typeof COLUMN_CHOICES)[number];

interface PrinterOptions {
  /** As written in Settings or the environment (trimmed). */
  readonly text: string;
  readonly columns?: Columns;
  readonly model?: string;
}

/** A network printer: raw TCP. */
export interface NetworkPrinterAddress extends PrinterOptions {
  readonly kind: 'tcp';
  readonly host: string;
  readonly port: number;
}

/** A queue of the system's print spooler, by its name (`lpstat -e` lists them). */
export interface SpoolerPrinterAddress extends PrinterOptions {
  readonly kind: 'spooler';
  readonly queue: string;
}

export type PrinterAddress = NetworkPrinterAddress | SpoolerPrinterAddress;

export const SPOOLER_SCHEME = 'printer:';

/**
 * A print queue's name as CUPS allows it (lpadmin's own check): up to 127 bytes of printable text,
 * none of them a space, a slash, a backslash, a question mark, a quote or a hash. Nor may it start
 * with "-": lp and lpstat, given it as an argument, would read it as one of their options (`lpstat -o
 * -r` answers "scheduler is running", which would be taken for a job still held in the queue).
 */
export const QueueName = lazy(() =>
  z
    .string()
    .min(1)
    .refine((name) => !startsLikeAnOption(name), { message: 'starts with "-"' })
    .refine((name) => Buffer.byteLength(name, 'utf8') <= 127 && allowedInQueueName(name)),
);

function startsLikeAnOption(name: string): boolean {
  return name.startsWith('-');
}

const FORBIDDEN = new Set(['/', '\\', '?', "'", '"', '#'].map((ch) => ch.charCodeAt(0)));

function allowedInQueueName(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || FORBIDDEN.has(code)) return false;
  }
  return true;
}

/** The encoder's printer models, read when an address names one (the library loads then). */
let models: ReadonlySet<string> | undefined;
const isModel = (id: string): boolean =>
  (models ??= new Set(encoderLibrary().printerModels.map((m) => m.id))).has(id);

/** What is wrong with a printer address, a sentence each (contract/core-words.ts). */
function problemsOf(text: string): { problems: Said[]; address?: PrinterAddress } {
  if (text.startsWith(SPOOLER_SCHEME)) return spoolerProblemsOf(text);
  if (!text.startsWith('tcp://')) return { problems: [say('printerAddressScheme')] };
  if (!URL.canParse(text)) return { problems: [say('printerAddressUnreadable', { address: text })] };
  const url = new URL(text);
  const problems: Said[] = [];
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') problems.push(say('printerAddressNoHost'));
  const extra =
    url.username !== '' ||
    url.password !== '' ||
    (url.pathname !== '' && url.pathname !== '/') ||
    url.hash !== '';
  if (extra) problems.push(say('printerAddressExtra'));
  const port = url.port === '' ? DEFAULT_PRINTER_PORT : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push(say('printerAddressPort'));
  const options = optionsOf(text, url.searchParams, problems);
  if (problems.length > 0) return { problems };
  return { problems, address: { kind: 'tcp', host, port, ...options } };
}

/** `printer:NAME[?columns=…&model=…]`: the name as the spooler knows it, never percent-encoded. */
function spoolerProblemsOf(text: string): { problems: Said[]; address?: PrinterAddress } {
  const rest = text.slice(SPOOLER_SCHEME.length);
  const at = rest.indexOf('?');
  const queue = at < 0 ? rest : rest.slice(0, at);
  const problems: Said[] = [];
  if (queue === '') problems.push(say('printerQueueNone'));
  else if (startsLikeAnOption(queue)) problems.push(say('printerQueueDash', { name: queue }));
  else if (!QueueName.safeParse(queue).success) problems.push(say('printerQueueName', { name: queue }));
  const options = optionsOf(text, new URLSearchParams(at < 0 ? '' : rest.slice(at + 1)), problems);
  if (problems.length > 0) return { problems };
  return { problems, address: { kind: 'spooler', queue, ...options } };
}

/** The printer's settings in the query (columns, model); each one wrong is added to `problems`. */
function optionsOf(text: string, params: URLSearchParams, problems: Said[]): PrinterOptions {
  let columns: Columns | undefined;
  let model: string | undefined;
  for (const [key, value] of params) {
    if (key === 'columns') {
      const n = Number(value);
      if ((COLUMN_CHOICES as readonly number[]).includes(n)) columns = n as Columns;
      else problems.push(say('printerAddressColumns', { value }));
    } else if (key === 'model') {
      if (isModel(value)) model = value;
      else problems.push(say('printerAddressModel', { value }));
    } else {
      problems.push(say('printerAddressOption', { name: key }));
    }
  }
  return {
    text,
    ...(columns === undefined ? {} : { columns }),
    ...(model === undefined ? {} : { model }),
  };
}

/**
 * The printer address in `text`, or a PrinterAddressError saying what is wrong (its message names
 * `source`: POS_RECEIPT_PRINTER, or the Settings field).
 */
export function parsePrinterAddress(text: string, source: string): PrinterAddress {
  const trimmed = text.trim();
  const parsed = z.string().min(1).max(300).safeParse(trimmed);
  const { problems, address } = parsed.success
    ? problemsOf(trimmed)
    : { problems: [say('printerAddressUnreadable', { address: trimmed.slice(0, 60) })] };
  if (address === undefined) throw new PrinterAddressError(source, problems);
  return address;
}

export class PrinterAddressError extends Error {
  override name = 'PrinterAddressError';
  readonly said: readonly Said[];
  constructor(source: string, said: readonly Said[]) {
    super(`${source}: ${english(said)}`);
    this.said = said;
  }
}

/** host:port, or the print queue's name, as the status bar and the log say it. */
export function displayPrinter(address: PrinterAddress): string {
  if (address.kind === 'spooler') return address.queue;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `${host}:${String(address.port)}`;
}
