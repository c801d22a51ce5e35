// A JSON array answer read one element at a time. Parsing a 16 MB list whole (its tree, then zod's
// copy, then the caller's) needs ten times its size in heap; read element by element, an answer
// costs its text and the batch in hand. Each element is checked against the schema as the whole
// array would be (the first bad one fails the answer, with its index); `elements` gives each one's
// outcome instead, for a reader that must see every element, readable or not.
import type { z } from 'zod';
import { ServiceError } from './errors.ts';
import { decode, parseJson, type RawResponse } from './http.ts';

export interface ArrayAnswer<T> {
  /** The answer's length in characters of text. */
  readonly textLength: number;
  /**
   * The elements, each parsed and checked as it is reached (a caller may write them as they come,
   * in one transaction). Throws ServiceError 'invalid-response' at a bad element.
   */
  rows(): Iterable<T>;
  /** Every element at once (small answers; the whole list is then held). */
  all(): T[];
  /**
   * Each element read on its own: the row, or, where it is not what the schema reads, the element as
   * sent (undefined when it is not JSON) and why. Throws ServiceError 'invalid-response' only where
   * the answer is not an array, or is cut off: its elements cannot be told apart then.
   */
  elements(): Iterable<ArrayElement<T>>;
}

/** One element of an array answer: read, or not readable (what it was, and why not). */
export type ArrayElement<T> =
  | { readonly index: number; readonly row: T }
  | { readonly index: number; readonly unreadable: { readonly value: unknown; readonly problem: string } };

export function arrayAnswer<S extends z.ZodType>(
  schema: S,
  response: RawResponse,
  describe: { method: string; path: string },
): ArrayAnswer<z.infer<S>> {
  const text = response.text;
  const shapeError = (detail: string): ServiceError =>
    new ServiceError({
      kind: 'invalid-response',
      message: `${describe.method} ${describe.path} answered ${response.status} with an unexpected shape (${detail})`,
      status: response.status,
      mayHaveReachedServer: true,
    });
  function* elements(): Generator<ArrayElement<z.infer<S>>> {
    const slices = arrayElements(text, () => shapeError('(root): the array is cut off or followed by more'));
    if (slices === undefined) {
      // Not an array, or not JSON: the whole answer's own error (decode says which).
      decode(schema.array(), response, describe);
      throw shapeError('(root): not an array');
    }
    let index = 0;
    for (const slice of slices) {
      const value = parseElement(slice);
      if (value === NOT_JSON) {
        yield { index, unreadable: { value: undefined, problem: `${index}: not JSON` } };
      } else {
        const parsed = schema.safeParse(value);
        if (parsed.success) yield { index, row: parsed.data };
        else {
          const issue = parsed.error.issues[0];
          const problem = `${[index, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid'}`;
          yield { index, unreadable: { value, problem } };
        }
      }
      index += 1;
    }
  }
  function* rows(): Generator<z.infer<S>> {
    for (const element of elements()) {
      if ('unreadable' in element) throw shapeError(element.unreadable.problem);
      yield element.row;
    }
  }
  return { textLength: text.length, rows, all: () => [...rows()], elements };
}

const NOT_JSON = Symbol('not JSON');

function parseElement(slice: string): unknown {
  try {
    return parseJson(slice);
  } catch {
    return NOT_JSON;
  }
}

const Char = {
  Quote: 0x22,
  Backslash: 0x5c,
  Comma: 0x2c,
  OpenBrace: 0x7b,
  CloseBrace: 0x7d,
  OpenBracket: 0x5b,
  CloseBracket: 0x5d,
} as const;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * The text of each top-level element of a JSON array, lazily; undefined when the text does not start
 * as an array. Strings and nesting are followed so a comma or bracket inside them is not taken for a
 * boundary; each slice is parsed on its own, which finds any other malformation. `cutOff` is thrown
 * when the array does not close (or text follows it).
 */
function arrayElements(text: string, cutOff: () => Error): Iterable<string> | undefined {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== Char.OpenBracket) return undefined;
  const first = i + 1;
  return (function* () {
    let start = first;
    let depth = 0;
    let inString = false;
    let j = first;
    for (; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (inString) {
        if (c === Char.Backslash) j++;
        else if (c === Char.Quote) inString = false;
      } else if (c === Char.Quote) inString = true;
      else if (c === Char.OpenBrace || c === Char.OpenBracket) depth++;
      else if (depth > 0 && (c === Char.CloseBrace || c === Char.CloseBracket)) depth--;
      else if (depth === 0 && (c === Char.Comma || c === Char.CloseBracket)) {
        const element = text.slice(start, j);
        // `[]` and `[ ]` hold nothing; any other empty element is malformed and fails its parse.
        if (!(c === Char.CloseBracket && start === first && element.trim() === '')) yield element;
        start = j + 1;
        if (c === Char.CloseBracket) break;
      }
    }
    let rest = j + 1;
    while (rest < text.length && isSpace(text.charCodeAt(rest))) rest++;
    if (j >= text.length || rest !== text.length) throw cutOff();
  })();
}
