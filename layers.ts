// The layer table: every source folder of Counter, what it may import, and through which file. Lint
// (eslint.config.js, rule `layers/imports`) refuses an import against it as it is written, and
// test/architecture.test.ts counts imports against it and cycles between its modules in the whole
// tree. README.md "Layers" shows the same table in words. Erasable TypeScript only: Node loads this
// file as it is, for eslint.config.js too.

export interface Module {
  /** The module's name: its folder, or a name for a set of files. */
  readonly name: string;
  /** Folders or files, root-relative; a file belongs to the module with the longest matching path. */
  readonly paths: readonly string[];
  /** The modules it may import besides its own files ('*': tests reach anything). */
  readonly may: readonly string[] | '*';
  /** Outside the module, only this file may be imported (its public face). */
  readonly face?: string;
  /**
   * Light entries besides the face: the few small parts a restarted till's start path needs (an
   * address parsed, a status figure), importable without loading the whole module behind its face.
   */
  readonly entries?: readonly string[];
  /** Runs in the renderer (or in both): no `node:` import. */
  readonly browser?: boolean;
  readonly why: string;
}

const folder = (name: string, may: readonly string[], why: string, more: Partial<Module> = {}): Module => ({
  name,
  paths: [name],
  may,
  why,
  ...more,
});

const RENDERER_BASE = ['common', 'contract'];
/** What the core and the CLI each wire together: the data and every area of main/. */
const WIRED = [
  'common',
  'contract',
  'db',
  'db/catalog',
  'db/migrations',
  'main/ground',
  'main/service',
  'main/barcode',
  'main/printer',
  'main/scanner',
  'main/settings',
  'main/connection',
  'main/sync',
  'main/outbox',
  'main/shift',
  'main/counter',
  'main/returns',
  'main/hub',
  'main/cards',
];

/** Bottom first: a module's `may` names only modules listed before it, so no two modules import each other. */
export const MODULES: readonly Module[] = [
  folder(
    'common',
    [],
    'what the core and the screens share, importing nothing of Counter: money (minor units, exact decimals, the rounding rules), the words of paper (common/words: one source per language for the receipt and the report), values built at their first use (common/lazy.ts: the zod schemas)',
    { browser: true },
  ),
  folder(
    'contract',
    ['common'],
    'the one API between the screens and the core: shapes only, for both sides',
    {
      browser: true,
    },
  ),
  folder('db/migrations', ['common', 'contract'], 'schema steps of the two SQLite files', {
    face: 'db/migrations/index.ts',
  }),
  folder(
    'db',
    ['common', 'contract', 'db/migrations'],
    'SQLite: the app file, its rows and the order shapes it stores',
  ),
  folder(
    'db/catalog',
    ['common', 'contract', 'db', 'db/migrations'],
    'the synced cache, a module per table group',
    {
      face: 'db/catalog/index.ts',
    },
  ),
  folder('sim', [], 'another instance of SPEC.md: it imports nothing of Counter'),
  folder(
    'main/ground',
    ['contract', 'db'],
    'what every handler slice needs: errors, the handler type, guards',
    {
      face: 'main/ground/index.ts',
    },
  ),
  folder('main/service', ['common', 'contract', 'main/ground'], 'the client of SPEC.md, for any instance', {
    face: 'main/service/index.ts',
  }),
  folder('main/barcode', ['contract', 'main/ground'], 'what a code is, before any lookup', {
    face: 'main/barcode/index.ts',
  }),
  folder(
    'main/printer',
    ['common', 'contract', 'db', 'main/ground', 'main/service'],
    'the receipt printer: ESC/POS receipts, a queue that loses none, the cash drawer',
    { face: 'main/printer/index.ts', entries: ['main/printer/setup.ts'] },
  ),
  folder(
    'main/scanner',
    ['contract', 'main/ground'],
    'the serial scanner: its port, one scan per line, reconnecting by itself',
    { face: 'main/scanner/index.ts' },
  ),
  folder(
    'main/settings',
    [
      'common',
      'contract',
      'db',
      'db/catalog',
      'main/ground',
      'main/service',
      'main/barcode',
      'main/printer',
      'main/scanner',
    ],
    'settings, the instance, credentials, the manager PIN',
  ),
  folder(
    'main/connection',
    ['contract', 'db', 'db/catalog', 'main/ground', 'main/service', 'main/settings'],
    'the connection test',
  ),
  folder(
    'main/sync',
    ['contract', 'db', 'db/catalog', 'db/migrations', 'main/ground', 'main/service'],
    'the catalog sync',
    {
      face: 'main/sync/index.ts',
      entries: ['main/sync/till-work.ts'],
    },
  ),
  folder(
    'main/outbox',
    ['common', 'contract', 'db', 'db/catalog', 'main/ground', 'main/service'],
    'orders: stored first, then sent; their bookkeeping (what sold here is not in the stock figures yet)',
    {
      face: 'main/outbox/index.ts',
    },
  ),
  folder(
    'main/shift',
    ['common', 'contract', 'db', 'main/ground', 'main/settings', 'main/outbox'],
    "the till's shifts, cashiers and their X and Z reports (where their sales' orders are: the outbox's)",
    { face: 'main/shift/index.ts' },
  ),
  folder(
    'main/counter',
    [
      'common',
      'contract',
      'db',
      'db/catalog',
      'main/ground',
      'main/service',
      'main/barcode',
      'main/outbox',
      'main/shift',
    ],
    'shopping sessions: a closed sale places its order',
    { face: 'main/counter/index.ts' },
  ),
  folder(
    'main/returns',
    ['common', 'contract', 'db', 'main/ground', 'main/service', 'main/outbox', 'main/shift', 'main/counter'],
    'returns: goods taken back against a sale of this till, their refund and their document',
    { face: 'main/returns/index.ts' },
  ),
  folder(
    'main/hub',
    ['common', 'contract', 'db', 'main/ground'],
    "the store hub: the tills' journals shared through NATS JetStream, the hub's server when this till hosts it",
    { face: 'main/hub/index.ts', entries: ['main/hub/config.ts'] },
  ),
  folder(
    'main/cards',
    [
      'common',
      'contract',
      'db',
      'db/catalog',
      'main/ground',
      'main/service',
      'main/barcode',
      'main/outbox',
      'main/counter',
    ],
    'cards issued at the till: checked, stored as an outbox document and cached in one step',
    { face: 'main/cards/index.ts' },
  ),
  folder('main/areas', WIRED, 'each area built one way, for the core and the CLI alike', {
    face: 'main/areas/index.ts',
  }),
  folder(
    'main/core',
    [...WIRED, 'main/areas', 'sim'],
    'the composition root: wires the areas into the handlers map (and starts the demo sim)',
  ),
  folder(
    'main/cli',
    [...WIRED, 'main/areas'],
    'the headless shell: builds its areas as the core does, no core',
  ),
  folder('main/web', ['contract', 'main/core', 'main/settings'], 'the web shell'),
  folder('main/electron', ['contract', 'main/core', 'main/settings', 'main/web'], 'the Electron shell'),
  { name: 'main/start', paths: ['main/start.ts'], may: ['main/web', 'main/electron'], why: 'the entry' },
  folder('renderer/platform', RENDERER_BASE, 'what the page talks to outside React', { browser: true }),
  folder('renderer/scanner', ['common'], 'keystroke timing into scans', {
    browser: true,
    face: 'renderer/scanner/index.ts',
  }),
  folder('renderer/i18n', RENDERER_BASE, "the screens' words", { browser: true }),
  folder(
    'renderer/format',
    [...RENDERER_BASE, 'renderer/i18n'],
    "numbers, money and dates in the screens' locale",
    {
      browser: true,
    },
  ),
  folder(
    'renderer/words',
    [...RENDERER_BASE, 'renderer/i18n', 'renderer/format'],
    'sentences built from a t',
    {
      browser: true,
    },
  ),
  folder(
    'renderer/store',
    [
      ...RENDERER_BASE,
      'renderer/platform',
      'renderer/scanner',
      'renderer/i18n',
      'renderer/format',
      'renderer/words',
    ],
    'state and its actions: only the store calls pos',
    { browser: true },
  ),
  folder(
    'renderer/actions',
    [...RENDERER_BASE, 'renderer/scanner', 'renderer/i18n', 'renderer/store'],
    'the keymap and what each action does',
    { browser: true },
  ),
  folder(
    'renderer/components',
    [
      ...RENDERER_BASE,
      'renderer/platform',
      'renderer/scanner',
      'renderer/i18n',
      'renderer/format',
      'renderer/words',
      'renderer/store',
      'renderer/actions',
    ],
    'the React parts',
    { browser: true },
  ),
  folder(
    'renderer/screens',
    [
      ...RENDERER_BASE,
      'renderer/i18n',
      'renderer/format',
      'renderer/words',
      'renderer/store',
      'renderer/actions',
      'renderer/components',
    ],
    'one screen each',
    { browser: true },
  ),
  {
    name: 'renderer/app',
    paths: ['renderer/App.tsx', 'renderer/main.tsx', 'renderer/assets.d.ts'],
    may: [
      ...RENDERER_BASE,
      'renderer/platform',
      'renderer/scanner',
      'renderer/i18n',
      'renderer/format',
      'renderer/words',
      'renderer/store',
      'renderer/actions',
      'renderer/components',
      'renderer/screens',
    ],
    browser: true,
    why: 'the page: mounts the screens',
  },
  { name: 'test', paths: ['test'], may: '*', why: 'tests reach anything (white-box)' },
];

/**
 * Packages, and files of ours, only some modules (or files: a path ending in .ts) may import. The
 * outbox owns its table (issue 36, point 4): the order as stored is read and written through
 * main/outbox alone; in db/, only the journal (an order's acknowledgement, journaled in its
 * statement) and the returns' look-up of a sale's order read it besides.
 */
export const ONLY_IN: Readonly<Record<string, readonly string[]>> = {
  'db/outbox.ts': ['main/outbox', 'db/journal.ts', 'db/returns.ts'],
  electron: ['main/electron'],
  '@point-of-sale/receipt-printer-encoder': ['main/printer'],
  '@serialport/bindings-cpp': ['main/scanner'],
  '@serialport/stream': ['main/scanner'],
  '@nats-io/transport-node': ['main/hub', 'test'],
  '@nats-io/jetstream': ['main/hub', 'test'],
  '@nats-io/kv': ['main/hub', 'test'],
  ws: ['main/web', 'test'],
};

const TEST = MODULES.find((m) => m.name === 'test');

export function isTest(file: string): boolean {
  return file.startsWith('test/') || /\.test\.tsx?$/.test(file);
}

/** The module a root-relative file belongs to (tests: the test module), or undefined. */
export function moduleOf(file: string): Module | undefined {
  if (isTest(file)) return TEST;
  let best: Module | undefined;
  let length = -1;
  for (const m of MODULES) {
    for (const p of m.paths) {
      if ((file === p || file.startsWith(`${p}/`)) && p.length > length) {
        best = m;
        length = p.length;
      }
    }
  }
  return best;
}

const OURS = /^(common|contract|db|main|renderer|sim|test)\//;

/**
 * Why `file` may not import `target` (a root-relative path of ours, or a package name such as
 * `electron` or `node:fs`), or undefined when it may.
 */
export function verdict(file: string, target: string): string | undefined {
  const from = moduleOf(file);
  if (from === undefined) return `${file} belongs to no module of layers.ts`;
  if (!OURS.test(target)) {
    const only = ONLY_IN[target];
    if (only !== undefined && !only.includes(from.name)) return `only ${only.join(', ')} imports ${target}`;
    if (target.startsWith('node:') && from.browser === true && !isTest(file))
      return `${from.name} runs in the renderer: no ${target}`;
    return undefined;
  }
  if (from.may === '*') return undefined;
  // Within its own module too: a file only some may import is refused to the module's other files.
  const only = ONLY_IN[target];
  if (only !== undefined && !only.includes(from.name) && !only.includes(file))
    return `only ${only.join(', ')} imports ${target}`;
  const to = moduleOf(target);
  if (to === undefined || to === from) return undefined;
  if (!from.may.includes(to.name))
    return `${from.name} may not import ${to.name} (${from.name}: ${from.why})`;
  if (to.face !== undefined && target !== to.face && to.entries?.includes(target) !== true)
    return `outside ${to.name}, import its face ${to.face}`;
  return undefined;
}
