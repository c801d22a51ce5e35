// The packaging configuration as electron-builder reads and validates it at package time (the same
// loader and schema), so a misspelt fuse fails here, not on a release machine. The Electron binary
// is not needed for this; packaging itself is not run (no binary on these machines).
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../web/build.ts';

describe('electron-builder.yml', () => {
  it('passes electron-builder validation with the fuses flipped at package time', async () => {
    const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config.electronFuses).toEqual({
      runAsNode: false, // ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node
      enableNodeOptionsEnvironmentVariable: false, // NODE_OPTIONS cannot inject code
      enableNodeCliInspectArguments: false, // no --inspect debugger attached from outside
      onlyLoadAppFromAsar: true, // the code comes from the signed asar only
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false, // the renderer loads from app://, file:// gets nothing extra
    });
  });

  it('refuses a misspelt fuse (the check can fail)', async () => {
    const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
    const misspelt = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });
});
