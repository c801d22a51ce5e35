// The web shell's call channel: one WebSocket per page (/calls), the messages both ends send on it.
// A request per call cost a scan ~7 ms of a loopback round trip in Chromium (its network process,
// the body read in tasks of their own) and needed numbering to keep the page's order; one socket
// delivers the page's calls in the order sent, as Electron's IPC does, in ~2 ms.
//
// The page opens the socket and sends its launch pass's secret first (a browser cannot add a header
// to a WebSocket's request; the cookie and the Origin are checked on the upgrade). The shell answers
// `ready`, or closes with PASS_REFUSED. Then each call is `{ id, channel, input }`, the id 1 up in
// the page; the shell starts each in the core as it arrives and answers `{ id, envelope, coreMs }`
// when the core is done (so answers may come in another order than the calls), or `{ id, refused }`
// with the HTTP status a request would have had. A socket that closes with calls unanswered leaves
// them without an answer: the page cannot know whether the core did them.
//
// Once ready the shell sends `{ beat: true }` every BEAT_MS, so a page waiting on a call tells a
// core still at work (a sale's call waits up to a request's deadline on the instance) from a shell
// that stopped (hung, or its process stopped): heard nothing for SILENT_MS, the page gives the socket
// up and its calls get no answer, as if it had closed; the next call opens another.
import { z } from 'zod';

/** The path of the call channel on the web shell's origin. */
export const CALL_SOCKET_PATH = '/calls';
/** The close code of a socket whose pass is missing, wrong or late (as HTTP's 401). */
export const PASS_REFUSED = 4401;
/** How long the shell waits for the pass after the socket opened, ms. */
export const PASS_WAIT_MS = 10_000;
/** How often the shell says it is there, ms. */
export const BEAT_MS = 5_000;
/** How long a page with calls out waits hearing nothing before it gives the socket up, ms (4 beats). */
export const SILENT_MS = 4 * BEAT_MS;
/** The close code of a socket the page gave up on: the shell was silent (as HTTP's 408). */
export const SHELL_SILENT = 4408;

/** What the page sends: its pass, once, first; then its calls. */
export const PageMessage = z.union([
  z.object({ pass: z.string().max(512) }).strict(),
  z
    .object({
      id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      channel: z.string().max(128),
      input: z.unknown(),
    })
    .strict(),
]);
export type PageMessage = z.infer<typeof PageMessage>;

/** What the shell sends: ready once the pass is taken; then one answer per call, and its beat. */
export const ShellMessage = z.union([
  z.object({ ready: z.literal(true) }).strict(),
  z.object({ beat: z.literal(true) }).strict(),
  z.object({ id: z.number().int().positive(), envelope: z.unknown(), coreMs: z.number() }).strict(),
  z.object({ id: z.number().int().positive(), refused: z.number().int().min(400).max(599) }).strict(),
]);
export type ShellMessage = z.infer<typeof ShellMessage>;

/**
 * The page's event for each answered call (web transport): when it was made, sent, answered and
 * parsed (epoch ms) and the core's own time. Nothing keeps them; the scan-storm bench listens.
 */
export const CALL_TIMING_EVENT = 'counter:call';
export interface CallTiming {
  readonly channel: string;
  readonly start: number;
  readonly sent: number;
  readonly end: number;
  readonly parsed: number;
  readonly coreMs: number;
}
