// What a test file undoes at its end (file-end.ts), and the shared fixtures made in a beforeAll, where
// vitest would never run an afterAll they registered themselves.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { atFileEnd, endFile } from './file-end.ts';
import { sharedTempDb, sharedTempDir } from './fixtures.ts';

describe('endFile', () => {
  it('runs what atFileEnd was given, last given first, and only once', () => {
    const ran: string[] = [];
    atFileEnd(() => ran.push('first'));
    atFileEnd(() => ran.push('second'));
    endFile();
    expect(ran).toEqual(['second', 'first']);
    endFile();
    expect(ran).toEqual(['second', 'first']);
  });
});

describe('a shared folder and database made in a beforeAll', () => {
  let dir = '';
  let db: Db | undefined;
  beforeAll(() => {
    dir = sharedTempDir('file-end');
    db = sharedTempDb('file-end').db;
  });

  it('are there for the tests', () => {
    expect(existsSync(dir)).toBe(true);
    expect(db?.open).toBe(true);
  });

  afterAll(() => {
    // Still there in the file's own afterAll hooks: setup-file.ts's endFile runs after them.
    expect(existsSync(dir)).toBe(true);
    expect(db?.open).toBe(true);
    endFile();
    expect(existsSync(dir)).toBe(false);
    expect(db?.open).toBe(false);
    expect(existsSync(db?.name ?? '')).toBe(false);
  });
});
