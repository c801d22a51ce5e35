// One form of field path for every field error Counter makes: camelCase names and `[n]` indices
// (`items[0].quantity`), the service's own form, which the renderer matches against `data-field`.
import type { z } from 'zod';
import { say, type Said } from '../../contract/core-words.ts';

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

/**
 * The same issues by key, for the screens' language: a web address that is none says so, any other
 * refused value is "not valid" (zod's own English stays in zodFieldErrors, for the log and the CLI).
 */
export function zodFieldSaid(error: z.ZodError): Record<string, Said[]> {
  const out = Object.create(null) as Record<string, Said[]>;
  for (const issue of error.issues) {
    const field = fieldPath(issue.path) || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '');
    const key = field === '' ? '_' : field;
    const word = issue.code === 'invalid_format' && issue.format === 'url' ? 'notAUrl' : 'fieldInvalid';
    const said = (out[key] ??= []);
    if (!said.some((s) => s.key === word)) said.push(say(word));
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
