// Sale actions: the shopping session at the counter (scan, quantities, lines, place, void) and the
// Sale screen's selection. Every call the Sale screen makes to the core goes through here.
import { spoken } from '../i18n/spoken.ts';
import { flushSync } from 'react-dom';
import type { OutboxEntryView, ScanOutcomeView, SessionLineView } from '../../contract/contract.ts';
import { pos } from './pos.ts';
import { beepError, beepOk } from '../platform/sound.ts';
import { scanQueue } from '../scanner/index.ts';
import { message, notePlaced, setSale, useApp, type Outcome, type SaleUi, type Unpriced } from './app.ts';
import { withConfirm, withPin, type ConfirmWords } from './guard.ts';
import { scanTaking } from './serial-claim.ts';
import { loadShift } from './shift.ts';
import {
  NoAnswerError,
  PosError,
  SetQuantityInput,
  type ScanView,
  type Tender,
  type TenderInput,
} from '../../contract/contract.ts';
import { formatQty, parseQuantity } from '../format/format.ts';
import { i18n } from '../i18n/index.ts';
import { wordsOf } from '../i18n/kept-words.ts';

/** How long the first F8 keeps the void armed. */
export const VOID_ARMED_MS = 4000;
let disarm: ReturnType<typeof setTimeout> | undefined;
/** How long a removed line can be brought back (Ctrl+Z). */
export const UNDO_MS = 8000;
let undoExpiry: ReturnType<typeof setTimeout> | undefined;

const CLOSED_FIND = { open: false, text: '', results: [], highlighted: -1 } as const;
/** The code field emptied and its list closed. */
const EMPTY_ENTRY = { entry: '', find: CLOSED_FIND } as const;

/**
 * Says what the last action did, in the Sale screen's one live region: the message replaces the one
 * before it (never a stale "Added: ..."), and a removal's undo offer ends with it.
 */
export function announce(outcome: Outcome | null, patch: Partial<SaleUi> = {}): void {
  clearTimeout(undoExpiry);
  // Any other action disarms a pending void: F8, then something else, then F8 asks again.
  clearTimeout(disarm);
  setSale({ outcome, placed: null, undo: null, voidArmed: false, unpriced: null, ...patch });
}

/** `3*` (or `3x`) before a code or a name: that many. Returns the quantity and what follows it. */
export function splitQuantity(text: string): { quantity?: number; rest: string } {
  const m = /^\s*(\d{1,4})\s*[*xX×]\s*(.*)$/.exec(text);
  if (m?.[1] === undefined || Number(m[1]) === 0) return { rest: text.trim() };
  return { quantity: Number(m[1]), rest: (m[2] ?? '').trim() };
}

/**
 * `5*` (or `1,5*`) typed alone in the code field: a quantity for the selected line, which Enter sets
 * (the same `5*` before a scan or a pick still multiplies that). Returns the quantity as typed.
 */
export function typedQuantity(text: string): string | undefined {
  return /^\s*(\d{1,7}(?:[.,]\d+)?)\s*[*xX×]\s*$/.exec(text)?.[1];
}

/**
 * What sale.scan answers for a serial scan that was taken already (by this page before, or by another
 * tab): nothing was applied and nothing is said.
 */
export const SCAN_TAKEN: Outcome = Object.freeze({ tone: 'ok', text: '' });

/** A bare `3*` in the code field, as a scan takes it: the field's text and the quantity. */
export interface TypedQuantity {
  readonly entry: string;
  readonly quantity: number;
}

/** The field's text if it is a bare `3*` (nothing after it): the quantity for the next scan. */
function bareQuantity(entry: string): TypedQuantity | undefined {
  const { quantity, rest } = splitQuantity(entry);
  return quantity === undefined || rest !== '' ? undefined : { entry, quantity };
}

/** The `3*` a scan took as it came and has not finished with (its stock question may be open). */
let typedOut: TypedQuantity | null = null;

/**
 * A scanner's scan, as it comes (before it waits in the queue), takes the bare `3*` standing in the
 * code field: the person typed it for the scan that came next. Not when a scan before it took it and
 * is not done: refused (Esc on its stock question), that one leaves it for the next try, and a scan
 * that waited behind it was never meant by the `3*`. Returns what it took, to be released
 * (releaseTypedQuantity) once that scan is done with it.
 */
export function takeTypedQuantity(): TypedQuantity | undefined {
  // Nothing is being applied or waits: whatever took it last is done, even if it never said so.
  if (scanQueue.isIdle()) typedOut = null;
  const typed = bareQuantity(useApp.getState().sale.entry);
  if (typedOut !== null || typed === undefined) return undefined;
  typedOut = typed;
  return typed;
}

/**
 * The scan that took `typed` is done with it: added, refused, or held for a sale no longer on the
 * counter. True when it was the one taken from the field (which is then the next scan's again).
 */
export function releaseTypedQuantity(typed: TypedQuantity | null | undefined): boolean {
  if (typed === undefined || typed === null || typedOut !== typed) return false;
  typedOut = null;
  return true;
}

/**
 * Adds a product or takes a customer card. The outcome is shown (and cued) on the Sale screen and returned.
 * `serialId`: the serial scanner's scan this is, taken in the same call that applies it (one round trip).
 * `doubt`: a scanner burst that went on across a pause and is no valid GTIN (renderer/scanner): if the
 * core does not know the whole code, it goes into the code field as typed and the message names it
 * whole, so nothing of it is lost and nothing half is taken.
 * `taken`: the `3*` the scan took as it came (takeTypedQuantity; null: none). Undefined for a call
 * not from the scan queue: the field's bare `3*` now.
 */
export async function scan(
  code: string,
  via: 'scanner' | 'keyboard',
  doubt?: { readonly typed: string },
  serialId?: number,
  taken?: TypedQuantity | null,
): Promise<Outcome> {
  try {
    return await scanNow(
      code,
      via,
      doubt,
      serialId,
      taken === undefined ? bareQuantity(useApp.getState().sale.entry) : taken,
    );
  } finally {
    releaseTypedQuantity(taken);
  }
}

async function scanNow(
  code: string,
  via: 'scanner' | 'keyboard',
  doubt: { readonly typed: string } | undefined,
  serialId: number | undefined,
  taken: TypedQuantity | null | undefined,
): Promise<Outcome> {
  const entry = useApp.getState().sale.entry;
  // A typed code carries its own `3*`; a scanner's scan the one it took as it came.
  const typed = splitQuantity(code);
  const keyed = via === 'keyboard' && typed.quantity !== undefined;
  const quantity = via === 'keyboard' ? typed.quantity : taken?.quantity;
  const prefixed = quantity !== undefined;
  const body = keyed ? typed.rest : code;
  // A scan ends whatever was being typed: the name list closes now (a search still under way finds
  // the field changed and stays shut) and the text goes, so it never joins later typing. Only a bare
  // `3*` waits for the outcome: a refused scan leaves it for the next try. Once added, the `3*` used
  // goes, but only if the field still holds it: what was typed while the call was out stays.
  // The call goes out first (its answer is what the cashier waits for); this render runs meanwhile.
  const applied = applyScan(
    () =>
      withConfirm((confirmed) => {
        const call = (serialScanId?: number) =>
          pos.invoke('session.scan', {
            code: body,
            via,
            ...(quantity === undefined ? {} : { quantity }),
            ...(confirmed ? { confirmed } : {}),
            ...(serialScanId === undefined ? {} : { serialScanId }),
          });
        // The first call takes the serial scan (its answer settles it); the confirmed one after a
        // question adds the scan that call took, so it carries no id (it would be refused as taken).
        return confirmed || serialId === undefined
          ? call()
          : scanTaking(serialId, body, () => call(serialId));
      }, adding()),
    via === 'keyboard' ? (keyed ? entry : undefined) : taken?.entry,
    doubt === undefined ? undefined : backAsTyped(entry, prefixed, doubt.typed),
  );
  // Only if that changes anything: a render of the whole screen for nothing would run while the
  // call is out, on the CPU the core needs to answer it.
  const cleared = bareQuantity(entry) === undefined ? '' : entry;
  const { sale } = useApp.getState();
  if (via === 'scanner' && (sale.entry !== cleared || sale.find !== CLOSED_FIND))
    setSale({ entry: cleared, find: CLOSED_FIND });
  return applied;
}

/**
 * Where a doubtful scan the core does not know goes: after what the code field held (a `3*`, or keys
 * a scanner stalled after for longer than its pause, typed there as a person's), so nothing typed
 * is lost; the message names the whole text, a `3*` left out.
 */
function backAsTyped(
  entry: string,
  prefixed: boolean,
  typed: string,
): { readonly entry: string; readonly shown: string } {
  return { entry: `${entry}${typed}`, shown: prefixed ? typed : `${entry}${typed}` };
}

/**
 * What the stock rule's question says when the cashier keeps (Esc) a product out of the sale: said
 * for every scan (the question may come), so kept (i18n/kept-words.ts).
 */
function adding(): ConfirmWords {
  const say = wordsOf('sale');
  return { keepLabel: say('stockDoNotAdd'), declined: say('stockNotAdded') };
}

/** Adds a product picked by name (its stock item in this terminal's warehouse), `3*` typed before. */
export function addStockItem(stockItemId: number): Promise<Outcome> {
  const { entry } = useApp.getState().sale;
  const { quantity } = splitQuantity(entry);
  return applyScan(
    () =>
      withConfirm(
        (confirmed) =>
          pos.invoke('session.addStockItem', {
            stockItemId,
            ...(quantity === undefined ? {} : { quantity }),
            ...(confirmed ? { confirmed } : {}),
          }),
        adding(),
      ),
    entry,
  );
}

/**
 * Adds a product the catalog has no usable price for at the price a manager entered; the core asks
 * for the manager PIN when one is set (the prompt opens), and the lock shuts again after this one.
 */
export function addPriced(item: Unpriced, price: number): Promise<Outcome> {
  const quantity = item.quantity === undefined ? {} : { quantity: item.quantity };
  // The PIN first (the core checks it before the stock), then the stock rule's question, answered
  // while the lock is still open: one PIN for the one line.
  const { entry } = useApp.getState().sale;
  return applyScan(
    () =>
      withPin(
        () =>
          withConfirm(
            (confirmed) =>
              pos.invoke('session.addPriced', {
                stockItemId: item.stockItemId,
                price,
                ...quantity,
                ...(confirmed ? { confirmed } : {}),
              }),
            adding(),
          ),
        true,
      ),
    entry,
  );
}

/**
 * `clearIf`: the code field's text the call used (a `3*`, a name picked from): emptied once added,
 * if the field still holds it (what the cashier typed while the call was out stays).
 */
async function applyScan(
  call: () => Promise<ScanView>,
  clearIf: string | undefined,
  orInField?: { readonly entry: string; readonly shown: string },
): Promise<Outcome> {
  try {
    const result = await call();
    const unknown = result.outcome.kind === 'unknown' || result.outcome.kind === 'misread';
    if (orInField !== undefined && unknown) return backInField(orInField);
    const shown = outcomeOf(result.outcome);
    const lineId = result.outcome.kind === 'product' ? result.outcome.lineId : undefined;
    const index = lineId === undefined ? -1 : result.session.lines.findIndex((l) => l.id === lineId);
    // Rendered now, not in a later scheduler task: the line must be on screen before the next scan.
    flushSync(() => {
      useApp.setState({ session: result.session, sessionError: null });
      announce(shown, {
        ...(index >= 0 ? { selected: index, quantityError: null } : {}),
        ...(result.outcome.kind === 'rejected' && result.outcome.unpriced !== undefined
          ? { unpriced: result.outcome.unpriced }
          : {}),
        ...(shown.tone === 'ok' && clearIf !== undefined && useApp.getState().sale.entry === clearIf
          ? EMPTY_ENTRY
          : {}),
      });
    });
    if (shown.tone === 'ok') beepOk();
    else beepError();
    return shown;
  } catch (error) {
    if (error instanceof PosError && error.code === 'scan-taken') return SCAN_TAKEN;
    // No answer: the core may have added it all the same. The sale is read again, so the screen
    // shows whether it did before the cashier scans it again.
    if (error instanceof NoAnswerError) void useApp.getState().refreshSession();
    const shown: Outcome = { tone: 'error', text: message(error) };
    announce(shown);
    beepError();
    return shown;
  }
}

/** A doubtful scan the core does not know: into the code field as typed, the message naming it whole. */
function backInField(orInField: { readonly entry: string; readonly shown: string }): Outcome {
  const shown: Outcome = { tone: 'error', text: i18n.t('sale:pausedScanInField', { code: orInField.shown }) };
  flushSync(() => announce(shown, { entry: orInField.entry, find: CLOSED_FIND }));
  beepError();
  return shown;
}

/** Closes the find-by-name list (Esc), keeping what was typed. */
export function closeFind(): void {
  setSale({ find: CLOSED_FIND });
}

/** Empties the code field and closes its list. */
export function clearEntry(): void {
  setSale(EMPTY_ENTRY);
}

/** The most the contract carries; past it a number is a code typed into the wrong field. */
const QUANTITY_MAX = SetQuantityInput.shape.quantity.maxValue ?? 1_000_000;

/**
 * A quantity as typed ("2", "1,5", "1.5") for a line: stored if the core takes it, otherwise the
 * reason is said next to the field and announced. True when stored.
 */
export async function setQuantity(line: SessionLineView, typed: number | string): Promise<boolean> {
  const text = String(typed).trim();
  const quantity = parseQuantity(text) ?? Number.NaN;
  const refuse = (why: string): false => {
    announce(
      { tone: 'error', text: i18n.t('sale:lineRefused', { name: line.name, why }) },
      { quantityError: { lineId: line.id, text: why } },
    );
    beepError();
    return false;
  };
  if (/\d/.test(text) && Number.isNaN(quantity)) return refuse(i18n.t('sale:quantityDigitsOnly', { text }));
  if (text === '' || !Number.isFinite(quantity)) return refuse(i18n.t('sale:quantityNotNumber'));
  if (quantity <= 0) return refuse(i18n.t('sale:quantityNotPositive'));
  if (quantity > QUANTITY_MAX) return refuse(i18n.t('sale:quantityLooksLikeCode', { text }));
  try {
    const next = await withConfirm(
      (confirmed) =>
        pos.invoke('session.setQuantity', { lineId: line.id, quantity, ...(confirmed ? { confirmed } : {}) }),
      { keepLabel: i18n.t('sale:stockKeepQuantity'), declined: i18n.t('sale:stockQuantityKept') },
    );
    useApp.setState({ session: next });
    const stored = next.lines.find((l) => l.id === line.id)?.quantity ?? quantity;
    announce(
      { tone: 'ok', text: i18n.t('sale:quantityStored', { name: line.name, quantity: formatQty(stored) }) },
      { quantityError: null },
    );
    return true;
  } catch (error) {
    return refuse(message(error));
  }
}

/**
 * Enter with a quantity typed alone in the code field (`5*`): the line becomes that many, and the
 * field empties. A refused quantity is said next to the line and stays typed, to be corrected.
 */
export async function setTypedQuantity(lineId: SessionLineView['id'] | undefined): Promise<boolean> {
  const line = useApp.getState().session?.lines.find((l) => l.id === lineId);
  const entry = useApp.getState().sale.entry;
  const typed = typedQuantity(entry);
  if (line === undefined || typed === undefined) return false;
  const stored = await setQuantity(line, typed);
  // Unless the cashier typed something else meanwhile.
  if (stored && useApp.getState().sale.entry === entry) clearEntry();
  return stored;
}

/** One more or one less of a line, counted from its quantity now (an earlier edit may have landed). */
export function stepQuantity(lineId: SessionLineView['id'], by: number): void {
  const now = useApp.getState().session?.lines.find((l) => l.id === lineId);
  if (now !== undefined && now.quantity + by > 0) void setQuantity(now, now.quantity + by);
}

export async function removeLine(line: SessionLineView): Promise<void> {
  try {
    const next = await pos.invoke('session.removeLine', { lineId: line.id });
    useApp.setState({ session: next });
    const selected = useApp.getState().sale.selected;
    announce(
      { tone: 'ok', text: i18n.t('sale:removed', { name: line.name }) },
      {
        selected: Math.max(0, Math.min(selected, next.lines.length - 1)),
        undo: { lineId: line.id, name: line.name },
        quantityError: null,
      },
    );
    // The offer lasts a few seconds; its message goes with it.
    undoExpiry = setTimeout(() => {
      const { undo } = useApp.getState().sale;
      if (undo?.lineId === line.id) setSale({ undo: null, outcome: null });
    }, UNDO_MS);
  } catch (error) {
    announce({ tone: 'error', text: message(error) });
  }
}

/** Brings the line just removed back (Ctrl+Z, while the offer lasts). */
export async function undoRemove(): Promise<void> {
  const { undo } = useApp.getState().sale;
  if (undo === null) return;
  try {
    const next = await pos.invoke('session.restoreLine', { lineId: undo.lineId });
    useApp.setState({ session: next });
    const index = next.lines.findIndex((l) => l.id === undo.lineId);
    announce(
      { tone: 'ok', text: i18n.t('sale:back', { name: undo.name }) },
      index >= 0 ? { selected: index } : {},
    );
  } catch (error) {
    announce({ tone: 'error', text: message(error) });
  }
}

export function selectLine(index: number): void {
  setSale({ selected: index });
}

/** Moves the selection by `by` lines, within the sale. */
export function moveSelection(by: number): void {
  const { session, sale } = useApp.getState();
  const count = session?.lines.length ?? 0;
  setSale({ selected: Math.max(0, Math.min(count - 1, sale.selected + by)) });
}

/** Places the order with its tender (the payment panel's Enter, store/payment.ts): stored at once, its
 * first attempt runs now; the outbox says what became of it. Returns the order's id and the tender as
 * the core settled it, or null if refused. */
export async function closeSale(
  tender?: TenderInput,
): Promise<{ id: OutboxEntryView['id']; tender?: Tender } | null> {
  const { sale, session } = useApp.getState();
  if (sale.busy || (session?.lines.length ?? 0) === 0) return null;
  setSale({ busy: true });
  try {
    const closed = await pos.invoke('session.close', tender === undefined ? {} : { tender });
    useApp.setState({ session: closed.session });
    // The next sale starts with an empty code field: nothing typed during this one carries over.
    announce(null, { placed: closed.order.id, selected: 0, quantityError: null, ...EMPTY_ENTRY });
    notePlaced(closed.order);
    void useApp.getState().refreshStatus();
    return { id: closed.order.id, ...(closed.tender === undefined ? {} : { tender: closed.tender }) };
  } catch (error) {
    announce({ tone: 'error', text: message(error) });
    // The shift was closed meanwhile (elsewhere, pos shift close): the next F9 asks for the float.
    if (error instanceof PosError && error.code === 'shift-closed') void loadShift();
    return null;
  } finally {
    setSale({ busy: false });
  }
}

/** Voids the sale on the second press within a few seconds (F8 twice): one stray key must not lose a basket. */
export async function voidSale(): Promise<void> {
  const { session, sale } = useApp.getState();
  if (session === null || (session.lines.length === 0 && session.customer === null)) return;
  clearTimeout(disarm);
  if (!sale.voidArmed) {
    setSale({ voidArmed: true });
    disarm = setTimeout(() => setSale({ voidArmed: false }), VOID_ARMED_MS);
    return;
  }
  setSale({ voidArmed: false });
  try {
    const next = await pos.invoke('session.cancel', {});
    useApp.setState({ session: next });
    announce(
      { tone: 'ok', text: i18n.t('sale:voided') },
      { selected: 0, quantityError: null, ...EMPTY_ENTRY },
    );
  } catch (error) {
    announce({ tone: 'error', text: message(error) });
  }
}

/** What a scan's answer says; a product's "Added" is kept per name (i18n/kept-words.ts). */
function outcomeOf(outcome: ScanOutcomeView): Outcome {
  switch (outcome.kind) {
    case 'product':
      return { tone: 'ok', text: wordsOf('sale')('added', { name: outcome.name }) };
    case 'customer':
      return {
        tone: 'ok',
        text: i18n.t(outcome.source === 'offline' ? 'sale:customerScannedOffline' : 'sale:customerScanned', {
          name: outcome.name,
        }),
      };
    case 'unknown':
      return {
        tone: 'error',
        text: i18n.t('sale:unknownCode', { message: spoken(outcome.said, outcome.message) }),
      };
    case 'misread':
      return {
        tone: 'error',
        text: i18n.t('sale:misread', { message: spoken(outcome.said, outcome.message) }),
      };
    case 'rejected':
      return { tone: 'error', text: spoken(outcome.said, outcome.message) };
  }
}
