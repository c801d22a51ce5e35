// The renderer bundle the shells serve is a production build even when a test runner (NODE_ENV=test,
// as here under vitest) or anything else with NODE_ENV set launches the build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../layers.ts';
import { ensureRendererBuilt, RENDERER_SOURCES } from './build.ts';

describe('ensureRendererBuilt', () => {
  it(
    'builds production React whatever NODE_ENV the launching process has',
    { timeout: 180_000 },
    async () => {
      expect(process.env.NODE_ENV).toBe('test');
      const dist = await ensureRendererBuilt();
      const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      const code = scripts.map((f) => readFileSync(join(dist, 'assets', f), 'utf8')).join('\n');
      // The development JSX runtime and React's development-only warnings are not in the bundle.
      expect(code).not.toContain('jsxDEV');
      expect(code).not.toContain('Each child in a list should have a unique "key" prop');
      expect(process.env.NODE_ENV).toBe('test'); // restored after the build
    },
  );
});

describe('RENDERER_SOURCES', () => {
  it("covers every folder the renderer's layers may import, so a change there rebuilds the bundle", () => {
    const covered = (name: string): boolean =>
      RENDERER_SOURCES.some((source) => name === source || name.startsWith(`${source}/`));
    const imported = MODULES.filter((m) => m.name.startsWith('renderer')).flatMap((m) =>
      m.may === '*' ? [] : m.may,
    );
    expect(imported.filter((name) => !covered(name))).toEqual([]);
  });
});
