// A loyalty card issued at the till (issue 39): the customer panel's "Vydat kartu" (its key is in the
// one keymap) asks the core first whether this till may issue cards (cards.prepare) and refuses before
// the dialog opens when the instance lacks the permission, naming it. The dialog takes the company
// (Settings' card company by default, the offline company search for another), the new card's code
// from a scan (the one case a scan goes into a dialog's field: the keymap's 'scan.cardBarcode') or
// typed, the name, the last valid day (Settings' months by default) and an optional person with
// e-mail and phone. A scan only fills the field: the card is issued by a person's Enter or click.
// Issued, the card goes on the sale on the counter at once (scanned there), its discount with it.
import { create } from 'zustand';
import { PosError, type CardIssueInput, type CompanyMatchView } from '../../contract/contract.ts';
import { currentLocale, i18n } from '../i18n/index.ts';
import { spoken, spokenFields } from '../i18n/spoken.ts';
import { beepError } from '../platform/sound.ts';
import { message } from './app.ts';
import { pos } from './pos.ts';
import { announce, scan } from './sale.ts';

/** The dialog's fields, as the core's refusals name them. */
export type CardField = 'companyId' | 'barcode' | 'name' | 'validTo' | 'personName' | 'email' | 'phone';

export interface CardIssueUi {
  readonly open: boolean;
  /** Asked the core (cards.issue) and waiting for its answer: the buttons rest. */
  readonly busy: boolean;
  readonly company: CompanyMatchView | null;
  /** The company search, as typed; its matches under it. */
  readonly companyText: string;
  readonly matches: readonly CompanyMatchView[];
  readonly barcode: string;
  /** The code in the field came from a scan (not typed): the dialog says so. */
  readonly scanned: boolean;
  readonly name: string;
  /** The last valid day as shown and typed in the screens' language ("28. 11. 2028"). */
  readonly validTo: string;
  readonly personName: string;
  readonly email: string;
  readonly phone: string;
  /** The core's refusal by field, in the screens' language. */
  readonly errors: Readonly<Partial<Record<CardField, readonly string[]>>>;
  /** A refusal that names no field (the instance unreachable, no permission). */
  readonly error: string | null;
  /** The instance stored the empty card its permission was asked with (a stray card to delete). */
  readonly emptyCardStored: boolean;
}

const CLOSED: CardIssueUi = {
  open: false,
  busy: false,
  company: null,
  companyText: '',
  matches: [],
  barcode: '',
  scanned: false,
  name: '',
  validTo: '',
  personName: '',
  email: '',
  phone: '',
  errors: {},
  error: null,
  emptyCardStored: false,
};

export const useCardIssue = create<CardIssueUi>()(() => CLOSED);

let opening = false;

/**
 * Opens the dialog, unless the instance said this till may not issue cards: then the sale's message
 * says so, naming the permission, and nothing opens. Offline (the permission unknown) it opens: the
 * card is queued and the instance's answer, when it comes, is on the Orders screen.
 */
export async function openCardIssue(): Promise<void> {
  if (opening || useCardIssue.getState().open) return;
  opening = true;
  try {
    const prepared = await pos.invoke('cards.prepare', {});
    if (prepared.permission === 'missing') {
      const permission = prepared.missingPermission ?? 'Permissions.Companies.Create';
      announce({ tone: 'error', text: i18n.t('core:cardPermissionMissing', { permission }) });
      beepError();
      return;
    }
    useCardIssue.setState({
      ...CLOSED,
      open: true,
      company: prepared.company ?? null,
      validTo: dayText(prepared.validTo),
      emptyCardStored: prepared.emptyCardStored === true,
    });
  } catch (error) {
    announce({ tone: 'error', text: i18n.t('cards:cannotOpen', { why: message(error) }) });
    beepError();
  } finally {
    opening = false;
  }
}

export function closeCardIssue(): void {
  if (!useCardIssue.getState().busy) useCardIssue.setState(CLOSED);
}

/** A field typed by the cashier: its refusal goes until the core is asked again. */
export function setCardField(field: Exclude<CardField, 'companyId'>, value: string): void {
  useCardIssue.setState((s) => ({
    [field]: value,
    ...(field === 'barcode' ? { scanned: false } : {}),
    errors: { ...s.errors, [field]: undefined },
  }));
}

/**
 * A scan while the dialog is open: the new card's code, into its field (whatever was there goes).
 * It issues nothing: the scanner's Enter never reaches the keymap, a person confirms.
 */
export function scanIntoCard(code: string): Promise<void> {
  useCardIssue.setState((s) => ({
    barcode: code,
    scanned: true,
    errors: { ...s.errors, barcode: undefined },
  }));
  return Promise.resolve();
}

let latestSearch = 0;

/** The company search: the cache's companies by name words or id (offline too). */
export async function searchCardCompany(text: string): Promise<void> {
  const query = ++latestSearch;
  useCardIssue.setState({ companyText: text });
  if (text.trim() === '') {
    useCardIssue.setState({ matches: [] });
    return;
  }
  try {
    const matches = await pos.invoke('companies.find', { text });
    if (query === latestSearch) useCardIssue.setState({ matches: matches.slice(0, 6) });
  } catch (error) {
    if (query === latestSearch) useCardIssue.setState({ matches: [], error: message(error) });
  }
}

export function pickCardCompany(company: CompanyMatchView): void {
  useCardIssue.setState((s) => ({
    company,
    companyText: '',
    matches: [],
    errors: { ...s.errors, companyId: undefined },
  }));
}

/** The first company the search found (Enter in the search field picks it, never issues). */
export function pickFirstCardCompany(): void {
  const first = useCardIssue.getState().matches[0];
  if (first !== undefined) pickCardCompany(first);
}

/** A calendar day (YYYY-MM-DD) in digits as the language writes it: "28. 11. 2028", "28/11/2028". */
export function dayText(iso: string, locale = currentLocale()): string {
  const [y, m, d] = iso.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return iso;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A day as typed: day, month and year (28. 11. 2028, 28/11/2028, 28.11.2028) or YYYY-MM-DD; the ISO
 * day, or undefined when it is no day of the calendar.
 */
export function readDay(text: string): string | undefined {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dmy = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})$/.exec(t);
  const parts = iso !== null ? [iso[1], iso[2], iso[3]] : dmy !== null ? [dmy[3], dmy[2], dmy[1]] : null;
  if (parts === null) return undefined;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return undefined;
  return at.toISOString().slice(0, 10);
}

/** What the dialog asks the core for, from its fields as typed. */
export function cardInput(ui: CardIssueUi): CardIssueInput | null {
  if (ui.company === null) return null;
  const validTo = readDay(ui.validTo);
  const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());
  const personName = optional(ui.personName);
  const email = optional(ui.email);
  const phone = optional(ui.phone);
  return {
    companyId: ui.company.companyId,
    barcode: ui.barcode,
    name: ui.name,
    ...(validTo === undefined ? {} : { validTo }),
    ...(personName === undefined ? {} : { personName }),
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phone }),
  };
}

/** Enter or the Issue button: the core checks and stores the card; refused, each field says why. */
export async function confirmCardIssue(): Promise<void> {
  const ui = useCardIssue.getState();
  if (!ui.open || ui.busy) return;
  const input = cardInput(ui);
  // Said here, before the core is asked: no company picked, a last day that is no day.
  const own = {
    ...(input === null ? { companyId: [i18n.t('cards:pickCompany')] } : {}),
    ...(ui.validTo.trim() !== '' && readDay(ui.validTo) === undefined
      ? { validTo: [i18n.t('cards:validToInvalid', { example: dayText('2028-11-28') })] }
      : {}),
  };
  if (input === null || Object.keys(own).length > 0) {
    useCardIssue.setState({ errors: { ...ui.errors, ...own } });
    beepError();
    return;
  }
  useCardIssue.setState({ busy: true, error: null });
  try {
    const issued = await pos.invoke('cards.issue', input);
    useCardIssue.setState(CLOSED);
    // On the sale at once: the core found it cached (offline too), with its company's discount.
    const outcome = await scan(issued.card.barcode, 'scanner');
    if (outcome.tone === 'ok') {
      announce({
        tone: 'ok',
        text: `${i18n.t('cards:issued', { name: issued.card.name, barcode: issued.card.barcode })} ${outcome.text}`,
      });
    }
  } catch (error) {
    useCardIssue.setState({ busy: false, ...refusal(error) });
    beepError();
  }
}

/** The core's refusal: by field where it names fields, else one message. */
function refusal(error: unknown): Pick<CardIssueUi, 'errors' | 'error'> {
  if (error instanceof PosError && Object.keys(error.fieldErrors).length > 0) {
    const fields = spokenFields(error);
    return { errors: fields, error: null };
  }
  if (error instanceof PosError) return { errors: {}, error: spoken(error.said, error.message) };
  return { errors: {}, error: message(error) };
}

/** The known companies a search finds (Settings' card company picks one), offline too. */
export async function findCardCompanies(text: string): Promise<readonly CompanyMatchView[]> {
  if (text.trim() === '') return [];
  return (await pos.invoke('companies.find', { text })).slice(0, 8);
}
