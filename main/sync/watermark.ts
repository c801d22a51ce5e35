// Which lastModify an incremental pass may take as its watermark (the lastModifyFrom of the next
// pass). One row with a lastModify far ahead (an import, an instance's clock gone wrong once) or
// one that is not a date-time would otherwise become it: the next passes would ask only for rows
// changed after it and miss every real change, while the pass's start still said the cache was
// current. Such a value is not taken; the pass keeps the watermark it would have had without it.
import { z } from 'zod';

/**
 * How far past the pass's start (the till's clock) a lastModify (the instance's clock) may lie: the
 * two clocks may differ, and a date-time without an offset (SPEC.md rule 2) may be in another zone.
 */
export const CLOCK_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** A lastModify the pass did not take as its watermark, and why: said once in the pass's report. */
export const LastModifyRefused = z.object({ lastModify: z.string(), why: z.string() });
export type LastModifyRefused = z.infer<typeof LastModifyRefused>;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The instant of an instance's date-time (without an offset read as UTC); undefined when it is none. */
export function instantOf(dateTime: string): number | undefined {
  const m = DATE_TIME.exec(dateTime);
  if (m === null) return undefined;
  const [, date, minutes, seconds = '00', fraction = '0', zone = 'Z'] = m;
  const at = Date.parse(
    `${date ?? ''}T${minutes ?? ''}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${zone}`,
  );
  return Number.isNaN(at) ? undefined : at;
}

/** Why `lastModify` cannot be the watermark of a pass started at `startedAt` (ISO); undefined when it can. */
export function refusedAsWatermark(lastModify: string, startedAt: string): LastModifyRefused | undefined {
  const at = instantOf(lastModify);
  if (at === undefined) return { lastModify, why: 'not a date-time' };
  if (at > Date.parse(startedAt) + CLOCK_TOLERANCE_MS) {
    return { lastModify, why: `later than a day after the sync pass began (${startedAt})` };
  }
  return undefined;
}
