// The printed receipt's and report's words in the languages Counter speaks: the screens' own
// (common/words/<lang>.ts, one source per language), so paper says what the screen says. The main
// process prints without the screens (a sale placed headless prints too), so it reads them there,
// not through the renderer's catalogues.
import * as cs from '../../common/words/cs.ts';
import * as en from '../../common/words/en.ts';
import * as sk from '../../common/words/sk.ts';

export type PrintLanguage = 'cs' | 'sk' | 'en';

/** A receipt's words: the receipt's, the VAT table's head and paper's own. */
export type PrintWords = {
  readonly [K in keyof (typeof en.receipt & typeof en.vatTable & typeof en.paper)]: string;
};

/** The shift's X and Z reports on paper: the Shift screen's report words and paper's own. */
export type ReportWords = { readonly [K in keyof (typeof en.report & typeof en.paper)]: string };

type Words = typeof en | typeof cs | typeof sk;
const printWords = (w: Words): PrintWords => ({ ...w.receipt, ...w.vatTable, ...w.paper });
const reportWords = (w: Words): ReportWords => ({ ...w.report, ...w.paper });

export const PRINT_WORDS: Readonly<Record<PrintLanguage, PrintWords>> = {
  cs: printWords(cs),
  sk: printWords(sk),
  en: printWords(en),
};

/** The locale amounts and dates are printed in. */
export const PRINT_LOCALE: Readonly<Record<PrintLanguage, string>> = {
  cs: 'cs-CZ',
  sk: 'sk-SK',
  en: 'en-GB',
};

/**
 * `text` with each `{{name}}` replaced by its value. The screens' words may name a format
 * (`{{count, number}}`): the printer's values come formatted, so it is passed over.
 */
export function fill(text: string, values: Readonly<Record<string, string>> = {}): string {
  return text.replace(/\{\{(\w+)(?:,\s*\w+)?\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The language a receipt is printed in: the screens' (Settings), and for 'system' the OS's when
 * Counter speaks it, else English (as the screens choose).
 */
export function printLanguage(choice: 'system' | PrintLanguage, osLocale: string): PrintLanguage {
  if (choice !== 'system') return choice;
  const primary = osLocale.toLowerCase().split(/[-_]/)[0];
  return primary === 'cs' || primary === 'sk' ? primary : 'en';
}

export const REPORT_WORDS: Readonly<Record<PrintLanguage, ReportWords>> = {
  cs: reportWords(cs),
  sk: reportWords(sk),
  en: reportWords(en),
};
