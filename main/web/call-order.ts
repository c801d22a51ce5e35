// A page's calls reach the core in the order the page made them, as Electron's IPC delivers a
// renderer's messages in the order sent. Over HTTP they need not: each call is its own request, the
// browser spreads them over up to six connections, and the shell reads each body on its own; on a
// starved machine a scan could reach the core before the settings.set the page sent first.
//
// So the page numbers its calls (its page id and each call's number, CALL_PAGE_HEADER and
// CALL_NUMBER_HEADER) and the shell starts a page's call only once each earlier call of that page has
// started. Only the start is ordered: each call answers when it is done, so a slow call holds no later
// call's answer. A call without numbers (a test's or a script's own fetch) is nobody's page: it starts
// at once, as before.
//
// A call that never arrives (the browser gave it up before sending it) would hold the page's later
// calls for good: they wait for it at most `patienceMs`, then go on without it, and should it come
// after all it is refused (409): it would act out of order. docs/assumptions.md says why 10 s. A call
// that changes nothing (contract READ_CHANNELS) runs anyway once past its place (late, or a repeat
// of one that started): `enter` is told which calls are reads.
//
// A call number seen before (a repeat: the browser sent the request again) is refused too, and its
// first copy ran or will run: the two refusals mean opposite things to the person (not done, do it
// again; done already), so `enter` says which it was and the shell names it in CALL_REFUSED_HEADER.
// To tell them apart each page keeps the numbers it went on without (its gaps), not every number.
import { z } from 'zod';
import { CALL_NUMBER_HEADER, CALL_PAGE_HEADER, type CallRefusal } from '../../contract/channels.ts';

/** How long a page's call waits for an earlier call of that page that has not arrived. */
export const CALL_PATIENCE_MS = 10_000;
/** Pages whose order is kept; past that the one heard from longest ago is forgotten. */
export const MAX_PAGES = 64;
/**
 * Gaps (runs of numbers gone on without) kept per page; past that the oldest is forgotten. Each gap is
 * a call the browser lost, and costs the page a whole patience: a till should never come near it.
 */
export const MAX_GAPS = 256;

/** A call's place in its page's order, as the page's bridge sends it (renderer/platform/web-transport.ts). */
export interface CallPlace {
  readonly page: string;
  readonly number: number;
}

const CallHeaders = z.union([
  z.object({ [CALL_PAGE_HEADER]: z.undefined(), [CALL_NUMBER_HEADER]: z.undefined() }).transform(() => null),
  z
    .object({
      // 16 random bytes in hex from the page; anything else is not a page of ours.
      [CALL_PAGE_HEADER]: z.string().regex(/^[0-9a-f]{32}$/),
      [CALL_NUMBER_HEADER]: z
        .string()
        .regex(/^[1-9][0-9]{0,14}$/)
        .transform(Number),
    })
    .transform((h): CallPlace => ({ page: h[CALL_PAGE_HEADER], number: h[CALL_NUMBER_HEADER] })),
]);

/**
 * The call's place from its request headers: null for a call without numbers, undefined when they
 * are malformed (one of the two missing, a repeated header, not a page id or a number).
 */
export function callPlace(
  headers: Record<string, string | string[] | undefined>,
): CallPlace | null | undefined {
  const parsed = CallHeaders.safeParse({
    [CALL_PAGE_HEADER]: headers[CALL_PAGE_HEADER],
    [CALL_NUMBER_HEADER]: headers[CALL_NUMBER_HEADER],
  });
  return parsed.success ? parsed.data : undefined;
}

/** Why the order refused a call: CallRefusal, or 'unknown' when the gap that would tell was forgotten. */
export type OrderRefusal = CallRefusal | 'unknown';

interface Waiting {
  readonly start: () => void;
  readonly timer: NodeJS.Timeout;
}

interface PageTurns {
  /** The number of the page's next call to start. */
  next: number;
  /** Calls that arrived before their turn, by number. */
  readonly waiting: Map<number, Waiting>;
  /** Numbers below `next` that never started (given up on), as inclusive runs, oldest first. */
  readonly gaps: { readonly from: number; readonly to: number }[];
  /** Below this, a number not in `gaps` may be in a gap forgotten (MAX_GAPS): which, is not known. */
  forgottenBelow: number;
}

export class CallOrder {
  readonly #pages = new Map<string, PageTurns>();
  readonly #patienceMs: number;
  readonly #maxPages: number;
  readonly #gaveUp: (place: CallPlace, missing: number) => void;

  constructor(
    options: {
      patienceMs?: number;
      maxPages?: number;
      /** Told when a call went on without the `missing` earlier calls of its page. */
      gaveUp?: (place: CallPlace, missing: number) => void;
    } = {},
  ) {
    this.#patienceMs = options.patienceMs ?? CALL_PATIENCE_MS;
    this.#maxPages = options.maxPages ?? MAX_PAGES;
    this.#gaveUp = options.gaveUp ?? (() => undefined);
  }

  /** How many pages' order is kept (at most maxPages). */
  get pages(): number {
    return this.#pages.size;
  }

  /**
   * Runs `start` (synchronously) once every earlier call of the page has started or been given up on:
   * at once when it is the page's next; null then. Otherwise `start` never runs, and the answer says
   * why: 'late', the page's later calls went on without this one (it was not done); 'repeat', its
   * number was seen before (its first copy ran or will run); 'unknown', one of the two, its gap forgotten.
   * A `read` (a call that changes nothing) past its place starts at once instead: it reads the state
   * as it is then, at least as new as the page expected. A repeat of one still waiting is refused: run
   * then, it would read before the calls it follows.
   */
  enter(place: CallPlace, start: () => void, read = false): OrderRefusal | null {
    const turns = this.#page(place.page);
    if (turns.waiting.has(place.number)) return 'repeat';
    if (place.number < turns.next) {
      if (!read) return refusal(turns, place.number);
      start();
      return null;
    }
    if (place.number === turns.next) {
      turns.next++;
      start();
      this.#drain(turns);
      return null;
    }
    const timer = setTimeout(() => this.#giveUp(turns, place), this.#patienceMs);
    timer.unref();
    turns.waiting.set(place.number, { start, timer });
    return null;
  }

  /** Forgets every page; calls still waiting never start (the shell closes, their connections with it). */
  clear(): void {
    for (const turns of this.#pages.values())
      for (const call of turns.waiting.values()) clearTimeout(call.timer);
    this.#pages.clear();
  }

  #page(id: string): PageTurns {
    let turns = this.#pages.get(id);
    if (turns !== undefined) {
      // The map keeps insertion order: moved to the end, the page is the one heard from last.
      this.#pages.delete(id);
      this.#pages.set(id, turns);
      return turns;
    }
    turns = { next: 1, waiting: new Map(), gaps: [], forgottenBelow: 0 };
    this.#pages.set(id, turns);
    for (const [oldest, old] of this.#pages) {
      if (this.#pages.size <= this.#maxPages) break;
      this.#pages.delete(oldest);
      // A page forgotten with calls waiting: they go on (its missing calls would come too late).
      this.#release(old, Infinity);
    }
    return turns;
  }

  /** Starts the page's calls that may go: its next, and each one after that has arrived. */
  #drain(turns: PageTurns): void {
    for (let call = turns.waiting.get(turns.next); call !== undefined; call = turns.waiting.get(turns.next)) {
      turns.waiting.delete(turns.next);
      clearTimeout(call.timer);
      turns.next++;
      call.start();
    }
  }

  /** `place` waited its patience out: the calls before it that never came are given up on. */
  #giveUp(turns: PageTurns, place: CallPlace): void {
    // Counted from the calls waiting, not number by number: a page's numbers may be far apart.
    let waitingBefore = 0;
    for (const n of turns.waiting.keys()) if (n >= turns.next && n < place.number) waitingBefore++;
    const missing = place.number - turns.next - waitingBefore;
    this.#gaveUp(place, missing);
    this.#release(turns, place.number);
  }

  /** Starts, in order, every waiting call up to `last`, going on without the missing ones. */
  #release(turns: PageTurns, last: number): void {
    const numbers = [...turns.waiting.keys()].filter((n) => n <= last).sort((a, b) => a - b);
    for (const n of numbers) {
      const call = turns.waiting.get(n);
      if (call === undefined) continue;
      turns.waiting.delete(n);
      clearTimeout(call.timer);
      if (n > turns.next) gone(turns, turns.next, n - 1);
      turns.next = n + 1;
      call.start();
    }
    this.#drain(turns);
  }
}

/** Why a number below the page's next is refused: in a gap it never started, else it did. */
function refusal(turns: PageTurns, number: number): OrderRefusal {
  if (turns.gaps.some((gap) => gap.from <= number && number <= gap.to)) return 'late';
  return number < turns.forgottenBelow ? 'unknown' : 'repeat';
}

/** The page went on without the numbers `from` to `to`. */
function gone(turns: PageTurns, from: number, to: number): void {
  turns.gaps.push({ from, to });
  if (turns.gaps.length > MAX_GAPS) turns.forgottenBelow = (turns.gaps.shift()?.to ?? 0) + 1;
}
