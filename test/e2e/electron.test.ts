// The real Electron app through Playwright's _electron, where the Electron binary is installed. On
// machines without it (these CI machines: no binary can be downloaded) the test is reported as
// skipped, with the reason printed, never silently passed.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildElectron } from '../../main/electron/build.ts';
import { ROOT } from '../../main/web/build.ts';
import { tempDir } from '../support/fixtures.ts';

function electronBinary(): string | null {
  try {
    const path: unknown = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
if (binary === null)
  console.warn('Electron smoke test SKIPPED: no Electron binary installed (node_modules/electron).');

describe.skipIf(binary === null)('Electron app (real binary)', () => {
  it(
    'opens one hardened window on the demo, with all screens, refusing navigation and popups',
    { timeout: 180_000 },
    async () => {
      await buildElectron();
      const dataDir = tempDir('electron');
      const app = await electron.launch({
        executablePath: binary ?? '',
        args: [ROOT],
        env: { ...process.env, POS_DATA_DIR: dataDir, POS_DEMO_SIZE: 'small' },
      });
      try {
        const win = await app.firstWindow();
        // The DEMO marker by its attribute: the app speaks the OS's language here, not the run's.
        await win.getByTestId('status-bar').locator('[data-demo="true"]').waitFor({ timeout: 60_000 });
        for (const [key, id] of [
          ['F2', 'stock'],
          ['F3', 'orders'],
          ['F4', 'settings'],
          ['F1', 'sale'],
        ] as const) {
          await win.keyboard.press(key);
          await win.getByTestId(id).waitFor();
        }
        expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
        // Sandboxed and isolated: no Node in the page, and the bridge exposes exactly invoke and on.
        expect(await win.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe(
          'undefined',
        );
        expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe(
          'undefined',
        );
        expect(await win.evaluate(() => Object.keys((window as { pos?: object }).pos ?? {}).sort())).toEqual([
          'invoke',
          'on',
        ]);
        expect(await win.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
        const before = win.url();
        // The main process's answer to the navigation is what is waited for: the app's will-navigate
        // handler (added when the window was made, so it runs before this listener) prevented it.
        await app.evaluate(({ BrowserWindow }) => {
          const [shown] = BrowserWindow.getAllWindows();
          (globalThis as { navigationRefused?: Promise<boolean> }).navigationRefused = new Promise(
            (resolve) => {
              shown?.webContents.once('will-navigate', (event) => resolve(event.defaultPrevented));
            },
          );
        });
        await win.evaluate(() => {
          location.href = 'https://example.com/';
        });
        expect(
          await app.evaluate(
            () => (globalThis as { navigationRefused?: Promise<boolean> }).navigationRefused,
          ),
        ).toBe(true);
        expect(win.url()).toBe(before);
        expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
      } finally {
        await app.close();
      }
    },
  );
});
