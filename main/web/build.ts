// Builds the renderer (Vite) into dist/renderer when it is missing or older than its sources, so
// `npm run web` and `npm start` work on a fresh clone. A directory lock keeps two launches (or two
// test files) from building into the same folder at once.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RENDERER_DIST = join(ROOT, 'dist', 'renderer');
/** What the bundle is built from: the renderer and every folder outside it the renderer's layers may
 * import (layers.ts; main/web/build.test.ts holds the two together). */
export const RENDERER_SOURCES = ['renderer', 'common', 'contract', 'vite.config.ts'];
/** Written after a build: how it was built (a bundle without it predates the check, so is rebuilt). */
const BUILD_INFO = join(RENDERER_DIST, 'build-info.json');

export async function ensureRendererBuilt(log: (line: string) => void = () => undefined): Promise<string> {
  if (!stale()) return RENDERER_DIST;
  await withLock(join(ROOT, 'dist', '.renderer-build.lock'), async () => {
    if (!stale()) return; // another process built it while we waited
    log('building the renderer (vite)...');
    await buildProduction();
    writeFileSync(BUILD_INFO, `${JSON.stringify({ nodeEnv: 'production' })}\n`);
  });
  return RENDERER_DIST;
}

/**
 * React and the JSX transform pick their development builds from NODE_ENV, and Vite keeps a NODE_ENV
 * it finds set: a shell launched by a test runner (vitest sets NODE_ENV=test) built a development
 * renderer, which later launches and the Electron package reused. The bundle is always production.
 */
async function buildProduction(): Promise<void> {
  const { build } = await import('vite');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

function stale(): boolean {
  const built = mtime(join(RENDERER_DIST, 'index.html'));
  if (built === 0 || !builtForProduction()) return true;
  return RENDERER_SOURCES.some((s) => newest(join(ROOT, s)) > built);
}

const BuildInfo = z.object({ nodeEnv: z.literal('production') });

function builtForProduction(): boolean {
  try {
    return BuildInfo.safeParse(JSON.parse(readFileSync(BUILD_INFO, 'utf8'))).success;
  } catch {
    return false; // missing or not JSON: built before this check
  }
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(path: string): number {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

async function withLock(lock: string, fn: () => Promise<void>): Promise<void> {
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than 3 minutes belongs to a build that died.
      if (Date.now() - mtime(lock) > 180_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another renderer build');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
