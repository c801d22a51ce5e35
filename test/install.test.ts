// `npm install` on every machine: every dependency's install script is reviewed in package.json's
// allowScripts, and Electron's binary download is not among those that run (it fails where GitHub
// cannot be reached; `npm run electron:fetch` runs it on purpose).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROOT } from '../main/web/build.ts';

const Manifest = z.object({
  allowScripts: z.record(z.string(), z.boolean()),
  scripts: z.record(z.string(), z.string()),
});

describe('install scripts', () => {
  it('are all reviewed: npm lists none pending', () => {
    const out = execFileSync('npm', ['approve-scripts', '--allow-scripts-pending'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(out).toContain('No packages with unreviewed install scripts.');
  });

  it("deny Electron's download (fetched on purpose) and run the Node 24 binary's", () => {
    const manifest = Manifest.parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
    expect(manifest.allowScripts).toMatchObject({ electron: false, node: true });
    expect(manifest.scripts['electron:fetch']).toBe('node node_modules/electron/install.js');
  });
});
