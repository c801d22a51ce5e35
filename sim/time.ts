// Date-times as SPEC.md wants them: no time-zone offset. The sim keeps UTC wall-clock time with
// second precision, stored as text so that SQL comparisons sort chronologically.

export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19);
}

export function nowDateTime(): string {
  return formatDateTime(new Date());
}

/**
 * Parses a date-time from a request. Without an offset it is read as UTC (the sim's clock); with
 * one it is converted. Returns undefined when it is not a date-time.
 */
export function parseDateTime(text: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    text,
  );
  if (!m) return undefined;
  const time = m[2] ?? '00:00:00';
  const iso = `${m[1] ?? ''}T${time}${m[3] ?? 'Z'}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
