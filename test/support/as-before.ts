// A view read by today's Counter, cut to what an older version's view of the same had: its fields, in
// its order (arrays item by item). A view may gain fields between versions (an entry's document kind);
// what the older one said is then compared as the same text.
export function asBefore(now: unknown, before: unknown): unknown {
  if (Array.isArray(before))
    return Array.isArray(now) ? now.map((item, i) => asBefore(item, before[i])) : now;
  if (typeof before !== 'object' || before === null || typeof now !== 'object' || now === null) return now;
  const fields = now as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(before).map(([key, value]) => [key, asBefore(fields[key], value)]),
  );
}
