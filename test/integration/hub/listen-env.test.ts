// A till started with a POS_STORE_HUB_LISTEN that is no IPv4 or IPv6 address is refused before
// anything opens (no data folder, no database, no hub), naming the variable and what is wrong.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../../../main/core/core.ts';
import { HubConfigError } from '../../../main/hub/index.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { tempDir } from '../../support/fixtures.ts';

describe('POS_STORE_HUB_LISTEN at start', () => {
  it('refuses an address that is none, naming the variable, before the data folder is made', async () => {
    const dataDir = join(tempDir('listen-env'), 'data');
    const start = Core.create({
      dataDir,
      credentials: new MemoryCredentialStore(),
      env: { POS_STORE_HUB_LISTEN: 'shop-lan' },
    });
    await expect(start).rejects.toThrow(HubConfigError);
    await expect(start).rejects.toThrow(
      /POS_STORE_HUB_LISTEN must be an IPv4 or IPv6 address .* not "shop-lan"/,
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});
