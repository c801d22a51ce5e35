// The layers hold by proof, not memory: layers.ts is the table (which module may import which, and
// through which file), eslint's `layers/imports` refuses an import against it as it is written, and
// this test reads every import of the tree (type-only and dynamic ones too) and counts those against
// it, and refuses import cycles between files and between modules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isTest, MODULES, moduleOf, verdict } from '../layers.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['common', 'contract', 'db', 'main', 'renderer', 'sim', 'test'];
/** `import ... from 'x'`, `export ... from 'x'` (over several lines too), `import 'x'` and `import('x')`. */
const IMPORT =
  /^\s*(?:import|export)\s[^'";]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

interface Edge {
  readonly file: string;
  readonly line: number;
  /** Root-relative for our files, the package name otherwise. */
  readonly target: string;
}

function sources(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true }).flatMap((entry) =>
      entry.isFile() && /\.tsx?$/.test(entry.name)
        ? [relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/')]
        : [],
    ),
  );
}

function edgesOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const spec = m[1] ?? m[2] ?? m[3] ?? '';
    return {
      file,
      line: text.slice(0, m.index).split('\n').length,
      target: spec.startsWith('.') ? posix.join(posix.dirname(file), spec) : spec,
    };
  });
}

const FILES = sources();
const EDGES = FILES.flatMap(edgesOf);

/** Every cycle a depth-first walk meets, as the chain of nodes that closes it. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

function graphOf(pairs: Iterable<readonly [string, string]>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [from, to] of pairs) {
    if (from === to) continue;
    const next = graph.get(from) ?? [];
    if (!next.includes(to)) next.push(to);
    graph.set(from, next);
  }
  return graph;
}

const known = new Set(FILES);
const fileGraph = graphOf(EDGES.filter((e) => known.has(e.target)).map((e) => [e.file, e.target] as const));

/** Modules importing modules, tests left out (they reach anything), within `scope`. */
function moduleGraph(scope: string): Map<string, string[]> {
  return graphOf(
    EDGES.flatMap((e) => {
      if (!known.has(e.target) || isTest(e.file) || isTest(e.target)) return [];
      if (!e.file.startsWith(scope) || !e.target.startsWith(scope)) return [];
      const from = moduleOf(e.file)?.name;
      const to = moduleOf(e.target)?.name;
      return from === undefined || to === undefined ? [] : [[from, to] as const];
    }),
  );
}

/** The tables of Counter's two SQLite files, as their migrations create them. */
function tables(): string[] {
  const names = FILES.filter((f) => f.startsWith('db/migrations/') && !isTest(f)).flatMap((f) =>
    [
      ...readFileSync(join(ROOT, f), 'utf8').matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?(\w+)/g),
    ].map((m) => m[1] ?? ''),
  );
  return [...new Set(names)];
}

/** What SQL looks like in a source file: a statement prepared or run, a pragma, or a table in a clause. */
function sqlIn(text: string, tableNames: readonly string[]): string[] {
  const clause = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+(?:${tableNames.join('|')})\\b`);
  return text
    .split('\n')
    .flatMap((line, i) =>
      /\.(?:prepare|pragma)\(|\.exec\(\s*['"`]/.test(line) || clause.test(line)
        ? [`${i + 1}: ${line.trim()}`]
        : [],
    );
}

describe('SQL (layers.ts: db is the one module that speaks it)', () => {
  const TABLES = tables();

  it('finds the tables, and SQL where it is', () => {
    expect(TABLES).toEqual(expect.arrayContaining(['outbox_order', 'setting', 'stock_item', 'shift']));
    expect(sqlIn("db.prepare('SELECT 1')", TABLES)).toHaveLength(1);
    expect(sqlIn('`DELETE FROM stock_item WHERE id = ?`', TABLES)).toHaveLength(1);
    expect(sqlIn('/x/.exec(text); // from the setting screen', TABLES)).toEqual([]);
  });

  it("names the order's table and its acknowledgement records only in db/outbox.ts (and migrations)", () => {
    const owned = /\b(?:outbox_order|order_acknowledged|order_cancelled)\b/;
    const outside = FILES.filter(
      (f) => !isTest(f) && f !== 'db/outbox.ts' && !f.startsWith('db/migrations/') && !f.startsWith('sim/'),
    ).flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (owned.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(outside).toEqual([]);
  });

  it('stands in no product file outside db/ (sim/ is another instance with its own file)', () => {
    const outside = FILES.filter((f) => !isTest(f) && !/^(db|sim)\//.test(f)).flatMap((f) =>
      sqlIn(readFileSync(join(ROOT, f), 'utf8'), TABLES).map((line) => `${f}:${line}`),
    );
    expect(outside).toEqual([]);
  });
});

describe('the layer table (layers.ts)', () => {
  it('places every source file in a module', () => {
    const outside = FILES.filter((f) => moduleOf(f) === undefined && !/^renderer\/[^/]+\.d\.ts$/.test(f));
    expect(outside).toEqual([]);
  });

  it('lets each module import only modules listed before it, so the table itself has no cycle', () => {
    const seen = new Set<string>();
    for (const m of MODULES) {
      if (m.may !== '*')
        expect(
          m.may.filter((name) => !seen.has(name)),
          m.name,
        ).toEqual([]);
      seen.add(m.name);
    }
  });

  it('has no import against it in the whole tree', () => {
    const against = EDGES.flatMap((e) => {
      const why = verdict(e.file, e.target);
      return why === undefined ? [] : [`${e.file}:${e.line} -> ${e.target}: ${why}`];
    });
    expect(against).toEqual([]);
  });

  it('has no import cycle between files, nor between modules (whole tree, main/, renderer/)', () => {
    expect(cycles(fileGraph)).toEqual([]);
    for (const scope of ['', 'main/', 'renderer/']) expect(cycles(moduleGraph(scope)), scope).toEqual([]);
  });

  it('bites: an import up a layer, past a face, of electron or of node: in the renderer is refused', () => {
    expect(verdict('main/outbox/handlers.ts', 'main/core/core.ts')).toMatch(/may not import main\/core/);
    expect(verdict('main/sync/view.ts', 'main/service/errors.ts')).toMatch(/face main\/service\/index\.ts/);
    expect(verdict('main/web/server.ts', 'electron')).toMatch(/only main\/electron imports electron/);
    expect(verdict('contract/order.ts', 'node:crypto')).toMatch(/no node:crypto/);
    expect(verdict('renderer/screens/Sale.tsx', 'main/core/core.ts')).toMatch(/may not import main\/core/);
    expect(verdict('db/outbox.ts', 'main/outbox/index.ts')).toMatch(/may not import/);
    expect(verdict('main/outbox/place.ts', 'contract/order.ts')).toBeUndefined();
    expect(verdict('main/counter/display.ts', 'db/outbox.ts')).toMatch(
      /only main\/outbox, .* imports db\/outbox\.ts/,
    );
    expect(verdict('main/outbox/views.ts', 'db/outbox.ts')).toBeUndefined();
    // The outbox owns its table in db/ too: the shift's queries ask main/outbox for their orders.
    expect(verdict('db/shifts.ts', 'db/outbox.ts')).toMatch(/only main\/outbox, .* imports db\/outbox\.ts/);
    expect(verdict('db/journal.ts', 'db/outbox.ts')).toBeUndefined();
    expect(
      cycles(
        graphOf([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['d', 'a'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
  });
});
