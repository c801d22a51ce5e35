// An order that is not the order file's shape (db/order.ts) is reported per field, in the form the
// service uses for its own field errors.
import { z } from 'zod';
import { safeMap } from '../service/errors.ts';

/** zod issues as camelCase field paths, the same form as the service's field errors. */
export function localFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out = safeMap<string[]>();
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
