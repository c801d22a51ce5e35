// Bundles the Electron shell for running and packaging: main process (ESM, Node built-ins, electron,
// better-sqlite3 and the serial port's library external) into dist/main/electron/main.js and the sandboxed preloads (one CJS
// file each) into dist/preload/index.cjs (the till's) and dist/preload/display.cjs (the customer
// display's); the renderer is built by main/web/build.ts.
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { ensureRendererBuilt, ROOT } from '../web/build.ts';

/**
 * The sync runs on a worker thread started from `new URL('./sync-worker.ts', import.meta.url)`
 * (main/sync/worker.ts): in the bundle that file is dist/main/electron/sync-worker.js, built below.
 */
const workerUrl: Plugin = {
  name: 'counter-sync-worker-url',
  transform(code, id) {
    if (!id.split('?')[0]?.endsWith('/main/sync/worker.ts')) return null;
    return code.replace(
      /new URL\((['"])\.\/sync-worker\.ts\1, import\.meta\.url\)/,
      "new URL('./sync-worker.js', import.meta.url)",
    );
  },
};

// Native modules (and the serial stream beside its binding) load from node_modules, not the bundle.
const external = [
  'electron',
  'better-sqlite3',
  '@serialport/bindings-cpp',
  '@serialport/stream',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
];

/**
 * Bundles `entry` (the core and what it imports) and the sync's worker for Node, as the packaged app
 * runs them: precompiled ES modules, no type stripping at start. zod is bundled in (a module of the
 * bundle, not the ~95 files of its package resolved and loaded one by one at every start).
 */
export async function bundleForNode(entry: string, outDir: string, fileName: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [workerUrl],
    ssr: { noExternal: ['zod'] },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node24',
      // Chunks beside the entry, not in assets/: the sync's chunk starts its worker from
      // new URL('./sync-worker.js', import.meta.url), which must name the file built below.
      rollupOptions: {
        external,
        output: { format: 'es', entryFileNames: fileName, chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  await build({
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: ['zod'] },
    build: {
      ssr: join(ROOT, 'main/sync/sync-worker.ts'),
      outDir,
      emptyOutDir: false,
      target: 'node24',
      rollupOptions: {
        external,
        output: { format: 'es', entryFileNames: 'sync-worker.js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
}

export async function buildElectron(): Promise<void> {
  await ensureRendererBuilt();
  await bundleForNode(join(ROOT, 'main/electron/main.ts'), join(ROOT, 'dist/main/electron'), 'main.js');
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: join(ROOT, 'main/electron/preload.ts'),
      outDir: join(ROOT, 'dist/preload'),
      emptyOutDir: true,
      target: 'node24',
      rollupOptions: { external: ['electron'], output: { format: 'cjs', entryFileNames: 'index.cjs' } },
    },
  });
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: join(ROOT, 'main/electron/display-preload.ts'),
      outDir: join(ROOT, 'dist/preload'),
      emptyOutDir: false,
      target: 'node24',
      rollupOptions: { external: ['electron'], output: { format: 'cjs', entryFileNames: 'display.cjs' } },
    },
  });
}

if (import.meta.main) await buildElectron();
