// The serial scanner (USB-COM or RS-232, read by the core): its setting, the ports to choose from.
import type {
  SerialPortsView,
  SerialScannerSettings,
  SerialScanView,
  SettingsView,
} from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { beepError } from '../platform/sound.ts';
import { deliverScan, scanQueue } from '../scanner/index.ts';
import { useApp } from './app.ts';
import { useHeldScans } from './held-scans.ts';
import { pos } from './pos.ts';
import { announce } from './sale.ts';
import { onSerialScanAnswered } from './serial-claim.ts';
import { saveSettings } from './settings.ts';

/** The serial ports the system lists. */
export function serialPorts(): Promise<SerialPortsView> {
  return pos.invoke('scanner.ports', {});
}

/** Stores the serial scanner's port (empty: none) and how it talks; the core opens the port at once. */
export async function saveSerialScanner(
  port: string,
  talk: Pick<SerialScannerSettings, 'baudRate' | 'lineEnd'>,
): Promise<SettingsView> {
  const path = port.trim();
  return saveSettings({ serialScanner: { port: path === '' ? null : path, ...talk } });
}

/**
 * Puts each of the serial scanner's scans in the page's one scan queue (deliverScan, as the keyboard's
 * scans go) with its id, in order: the scan the core's event carries (scanner.waiting), and on each
 * (re)connection of the events those that wait (scanner.take with peek: an event lost while the web
 * shell's stream reconnected loses no scan). The scan stays in the core until the call that applies
 * it takes it (session.scan's serialScanId): one round trip a scan, and never applied twice, even if
 * another tab holds it too. The answer to that call settles it; only a scan whose call had no answer,
 * or was refused (maybe before the core took it), is looked for once the queue is idle. Returns the
 * unsubscribe function.
 */
export function followSerialScans(): () => void {
  const follower = new SerialFollower();
  const offs = [
    pos.on('scanner.waiting', ({ scan }) => {
      if (scan !== undefined) follower.heard(scan);
    }),
    pos.opened(() => void follower.list()),
    onSerialScanAnswered((id, code, answer) =>
      answer === 'taken' ? follower.settled(id, code) : follower.refused(id, code),
    ),
    // A held scan let go (added to the sale on the counter, or its sale recalled) is the queue's
    // again: once it has been applied, whether its call took it is settled as for any other.
    useHeldScans.subscribe((now, before) => {
      if (now.held.length < before.held.length) follower.released();
    }),
  ];
  void follower.list();
  return () => {
    follower.stopped = true;
    for (const off of offs) off();
  };
}

/**
 * The page's side of the serial scans. A scan goes into the queue once (by id and code), however
 * many listings name it. Events that come while a listing is under way wait for it, so they are
 * never put before older scans.
 *
 * A scan whose call failed before the core took it (the app still starting, a line too long for
 * session.scan, no answer) would wait in the core and be applied at the next listing, in Electron
 * the next start, into whatever sale is open then. So once the queue is idle the page asks what
 * still waits, if any scan it put in its queue was not settled by its call's answer: one that still
 * waits there is taken (scanner.claim) and the cashier told its code was not added, with no cue if
 * the core's refusal of its call was cued already (one cue a scan, as for a keyboard's). A scan
 * a call took costs no such look (a round trip beside the next scan's). The look takes nothing while
 * the queue has scans to apply again (held ones the cashier added meanwhile): their calls take them.
 */
class SerialFollower {
  stopped = false;
  /** Every scan put in the queue (id to code), kept while a listing could still name it. */
  readonly #queued = new Map<number, string>();
  /**
   * Put in the queue, not yet known taken from the core (id to code, and whether the core refused its
   * call: the cashier heard that refusal's cue).
   */
  readonly #unsettled = new Map<number, Unsettled>();
  /** Scans from events while a listing is under way (null: none under way). */
  #heardMeanwhile: SerialScanView[] | null = null;
  /** Listings started, and those not answered yet. */
  #listings = { started: 0, open: 0 };
  #settling = false;

  heard(scan: SerialScanView): void {
    if (this.#heardMeanwhile !== null) this.#heardMeanwhile.push(scan);
    else this.#put([scan]);
  }

  /**
   * A call's answer said the core no longer holds scan `id` with `code` (serial-claim.ts): nothing to
   * look for. Another scan under that id (a core started again) is not this one.
   */
  settled(id: number, code: string): void {
    if (this.#unsettled.get(id)?.code === code) this.#unsettled.delete(id);
    // Forgotten only if no listing is under way: one asked before the call took it may still name it.
    if (this.#listings.open === 0 && this.#queued.get(id) === code) this.#queued.delete(id);
  }

  /**
   * The core refused the call that carried scan `id`, before or after taking it: the cashier was shown
   * the refusal and heard its cue, as for a keyboard scan. Still looked for: if it waits, it is taken
   * and its code named as not added (the refusal may not say which scan: "the value is not valid"),
   * with no second cue.
   */
  refused(id: number, code: string): void {
    const scan = this.#unsettled.get(id);
    if (scan?.code === code) this.#unsettled.set(id, { ...scan, refused: true });
  }

  /** Held scans went back into the queue: settle them once it is idle again. */
  released(): void {
    if (this.#unsettled.size > 0) this.#settleWhenIdle();
  }

  async list(): Promise<void> {
    this.#heardMeanwhile ??= [];
    this.#listings.started += 1;
    this.#listings.open += 1;
    try {
      const { scans } = await pos.invoke('scanner.take', { peek: true });
      this.#put(scans);
    } catch {
      // The core did not answer (the shell restarting): the scans wait there; the next connection
      // lists them.
    } finally {
      this.#listings.open -= 1;
      this.#put(this.#takeHeard());
    }
  }

  // Two listings may overlap (one at the start, one for a stream open already): the first to end
  // puts the scans heard meanwhile, the other finds none.
  #takeHeard(): readonly SerialScanView[] {
    const later = this.#heardMeanwhile ?? [];
    this.#heardMeanwhile = null;
    return later;
  }

  #put(scans: readonly SerialScanView[]): void {
    if (this.stopped) return;
    for (const scan of scans) {
      if (this.#queued.get(scan.id) === scan.code) continue;
      this.#queued.set(scan.id, scan.code);
      this.#unsettled.set(scan.id, { code: scan.code, refused: false });
      deliverScan(scan.code, 'serial', { serialId: scan.id });
    }
    if (this.#unsettled.size > 0) this.#settleWhenIdle();
  }

  #settleWhenIdle(): void {
    if (this.#settling || this.stopped) return;
    this.#settling = true;
    void scanQueue.idle().then(async () => {
      const due = new Map(this.#unsettled);
      // A scan put between the queue going idle and now is being applied: wait for it too. Their
      // calls' answers settled them all meanwhile (the usual course): nothing to look for.
      const settled = !scanQueue.isIdle() ? 'busy' : due.size === 0 ? 'answered' : await this.#settle(due);
      this.#settling = false;
      // Once the queue is idle again: the scans it holds again, and those put after the look (an id
      // put again with another code among them). After no answer, the next listing (the events
      // back) tries again.
      if (
        settled === 'busy' ||
        (settled === 'answered' && [...this.#unsettled].some(([id, { code }]) => due.get(id)?.code !== code))
      )
        this.#settleWhenIdle();
    });
  }

  /**
   * The queue has applied `due` (or tried to): each that still waits in the core was not taken by
   * its call, so it is taken now and the cashier told (cued unless its call's refusal was). 'no-answer'
   * when the core did not answer: they stay unsettled. 'busy' when some were in the queue again (held
   * ones the cashier added while the look was out): those wait until it is idle.
   */
  async #settle(due: ReadonlyMap<number, Unsettled>): Promise<'answered' | 'no-answer' | 'busy'> {
    const startedBefore = this.#listings.started;
    let busy = false;
    try {
      const { scans } = await pos.invoke('scanner.take', { peek: true });
      const waiting = new Map(scans.map((s) => [s.id, s.code]));
      for (const [id, { code }] of due) {
        // In the queue again, its call maybe not sent yet: taken here, the cashier's add would be
        // refused as taken and the scan said not added. Its own call settles it.
        if (inQueue(id)) {
          busy = true;
          continue;
        }
        // Held for a sale that left the counter (store/held-scans.ts): not applied yet, offered to
        // the cashier; it waits in the core until it is, and is settled after (released). Or its
        // call's answer came while the look was out, or the id is now another scan's (a core started
        // again may, by a slim chance, reuse one: main/scanner/inbox.ts): that one is looked for next.
        if (heldSerialIds().has(id) || this.#unsettled.get(id)?.code !== code) continue;
        const claimed = waiting.get(id) === code && (await pos.invoke('scanner.claim', { id, code })).claimed;
        // Whether its call was refused as the claim answered: that refusal may have come meanwhile.
        if (claimed) tellNotAdded(code, this.#unsettled.get(id)?.refused ?? false);
        this.#unsettled.delete(id);
        // Forgotten only if no listing asked before it was taken: such a listing may still name it.
        if (this.#listings.open === 0 && this.#listings.started === startedBefore) this.#queued.delete(id);
      }
      return busy ? 'busy' : 'answered';
    } catch {
      return 'no-answer';
    }
  }
}

/** A scan put in the queue and not yet known taken from the core. */
interface Unsettled {
  readonly code: string;
  /** The core refused its call: the cashier heard that refusal's cue. */
  readonly refused: boolean;
}

/** Whether serial scan `id` is in the page's queue (being applied, or waiting to be). */
function inQueue(id: number): boolean {
  return scanQueue.unfinished().some((scan) => scan.serialId === id);
}

/** The serial scans held for a sale that left the counter, by id. */
function heldSerialIds(): Set<number> {
  return new Set(useHeldScans.getState().held.flatMap((s) => (s.serialId === undefined ? [] : [s.serialId])));
}

/** Past this many characters a code is shown cut (a line of noise may run to hundreds). */
const SHOWN_CODE_MAX = 32;

/**
 * Says a serial scan's code was not added: in the Sale screen's message, or above another screen.
 * Cued unless its call's refusal was cued already (`cued`): one cue a scan, or two would sound like
 * two scans refused.
 */
function tellNotAdded(code: string, cued: boolean): void {
  const chars = Array.from(code);
  const shown = chars.length > SHOWN_CODE_MAX ? `${chars.slice(0, SHOWN_CODE_MAX).join('')}…` : code;
  const text = i18n.t('serial:serialScanNotAdded', { code: shown });
  if (useApp.getState().screen !== 'sale') {
    useApp.getState().notify('error', text);
    return;
  }
  announce({ tone: 'error', text });
  if (!cued) beepError();
}
