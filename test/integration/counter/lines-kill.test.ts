// Every line of a sale whose commit returned is there after the process is killed with SIGKILL,
// with the app file's checkpoints run between the commits (db/database.ts checkpointBetweenCalls).
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/database.ts';
import { currentShoppingSession } from '../../../db/sessions.ts';
import { tempDbFile } from '../../support/fixtures.ts';

const CHILD = join(import.meta.dirname, 'lines-kill-child.ts');

describe('a sale killed -9', () => {
  it('keeps every line whose commit returned, checkpoints between them', async () => {
    const file = tempDbFile('lines-kill');
    const child = spawn(process.execPath, [CHILD, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Past 1,500 lines: many WAL pages, and the timer's checkpoints copied them more than once.
    const acknowledged = await new Promise<number>((resolve, reject) => {
      let seen = '';
      let last = 0;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        seen += chunk;
        const lines = seen.split('\n');
        seen = lines.pop() ?? '';
        for (const line of lines) last = Number(line);
        if (last >= 1500 && child.exitCode === null) {
          child.kill('SIGKILL');
          resolve(last);
        }
      });
      child.once('exit', () => reject(new Error(`the child exited before line 1500 (line ${last})`)));
    });
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    // The timer's checkpoints ran among the commits: they copied lines into the file itself (a WAL
    // commit alone leaves its size as migrations made it).
    expect(statSync(file).size).toBeGreaterThan(100_000);
    const db = openDatabase(file);
    try {
      const lines = currentShoppingSession(db)?.lines ?? [];
      // What it printed had been committed; a line after it may have been too.
      expect(lines.length).toBeGreaterThanOrEqual(acknowledged);
      expect(lines.slice(0, acknowledged).map((l) => l.name)).toEqual(
        Array.from({ length: acknowledged }, (_, i) => `Line ${i + 1}`),
      );
    } finally {
      db.close();
    }
  }, 60_000);
});
