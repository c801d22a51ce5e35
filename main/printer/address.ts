// Where the receipt printer is: `tcp://HOST[:PORT]` (raw ESC/POS over TCP, port 9100 unless said),
// from POS_RECEIPT_PRINTER or Settings. Two optional settings of the printer ride along as query
// parameters, so a kiosk's one variable says all of it: `columns` (32, 42 or 48 characters a line,
// where the paper's width alone does not say: a 58 mm printer prints 32 in its normal font, some 42)
// and `model` (one of the encoder library's printer models: its code page numbers and its commands).
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { z } from 'zod';
import { english, say, type Said } from '../../contract/core-words.ts';

export const DEFAULT_PRINTER_PORT = 9100;
export const COLUMN_CHOICES = [32, 42, 48] as const;
export type Columns = (typeof COLUMN_CHOICES)[number];

export interface PrinterAddress {
  /** As written in Settings or the environment (trimmed). */
  readonly text: string;
  readonly host: string;
  readonly port: number;
  readonly columns?: Columns;
  readonly model?: string;
}

const MODELS: ReadonlySet<string> = new Set(ReceiptPrinterEncoder.printerModels.map((m) => m.id));

/** What is wrong with a printer address, a sentence each (contract/core-words.ts). */
function problemsOf(text: string): { problems: Said[]; address?: PrinterAddress } {
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
  let columns: Columns | undefined;
  let model: string | undefined;
  for (const [key, value] of url.searchParams) {
    if (key === 'columns') {
      const n = Number(value);
      if ((COLUMN_CHOICES as readonly number[]).includes(n)) columns = n as Columns;
      else problems.push(say('printerAddressColumns', { value }));
    } else if (key === 'model') {
      if (MODELS.has(value)) model = value;
      else problems.push(say('printerAddressModel', { value }));
    } else {
      problems.push(say('printerAddressOption', { name: key }));
    }
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    address: {
      text,
      host,
      port,
      ...(columns === undefined ? {} : { columns }),
      ...(model === undefined ? {} : { model }),
    },
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

/** host:port as the status bar and the log say it. */
export function displayPrinter(address: PrinterAddress): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `${host}:${String(address.port)}`;
}
