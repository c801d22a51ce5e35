import type { Migration } from './types.ts';

/**
 * Catalog file, version 3: what sync learnt of the instance per resource (the fields its view lacks,
 * the sorts and filters it refuses or ignores), so the next run asks right the first time.
 * JSON, read through main/sync/instance-profile.ts.
 */
export const instanceProfile: Migration = {
  version: 3,
  name: 'instance-profile',
  up: `ALTER TABLE sync_state ADD COLUMN profile TEXT;`,
};
