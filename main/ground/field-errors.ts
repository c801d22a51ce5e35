// One form of field path for every field error Counter makes: camelCase names and `[n]` indices
// (`items[0].quantity`), the service's own form, which the renderer matches against `data-field`.
import type { z } from 'zod';

/** zod issues by field path; an issue with no path goes under the unknown keys it names, else `_`. */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  // No prototype: a field named `constructor` or `__proto__` is a plain key.
  const out = Object.create(null) as Record<string, string[]>;
  for (const issue of error.issues) {
    const field = fieldPath(issue.path) || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
    const key = field === '' ? '_' : field;
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}
