// The layers hold by proof, not memory (issue 15): eslint.config.js refuses imports that go up a
// layer; this test refuses import cycles among Counter's modules (type-only imports included: a
// cycle of types still ties two modules into one).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['contract', 'db', 'main', 'renderer', 'sim', 'test'];
/** `import ... from './x.ts'` and `export ... from './x.ts'`, over several lines too. */
const RELATIVE_IMPORT = /^\s*(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'/gm;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true }).flatMap((entry) =>
    entry.isFile() && /\.tsx?$/.test(entry.name) ? [join(entry.parentPath, entry.name)] : [],
  );
}

function importGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((f) => sources(join(ROOT, f)));
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(RELATIVE_IMPORT)].map((m) => resolve(dirname(file), m[1] ?? ''));
      return [file, targets.filter((t) => known.has(t))];
    }),
  );
}

/** Every cycle a depth-first walk meets, as the chain of files that closes it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

it("has no import cycle among Counter's modules", () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(150);
  const named = cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' -> '));
  expect(named).toEqual([]);
});

it('finds a cycle when there is one (the check itself works)', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
});
