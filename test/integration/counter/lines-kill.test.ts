// A sale written line by line, each line its own commit, with the app file's checkpoints run between
// the commits (db/database.ts checkpointBetweenCalls), is killed with SIGKILL mid-stream.
//
// What this proves: every line whose commit had returned (the child printed its number) is there
// after the kill, in order, and the file is intact (PRAGMA integrity_check: ok) with the timer's
// checkpoints copying the WAL into the file among the commits — a checkpoint interleaved with
// commits and cut off anywhere leaves a file SQLite reopens whole.
// What it cannot prove: durability. SIGKILL kills the process, not the machine: every write already
// handed to the kernel stays in its page cache and reaches the disk, fsync'd or not. So a weaker
// setting (synchronous = OFF, or a commit's sync skipped) passes this test just the same; only a
// power cut (or dropping the page cache between the write and the check) can catch that.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../../db/database.ts';
import { currentShoppingSession } from '../../../db/sessions.ts';
import { tempDbFile } from '../../support/fixtures.ts';

const CHILD = join(import.meta.dirname, 'lines-kill-child.ts');

describe('a sale killed -9', () => {
  it('keeps every line whose commit returned, in order, the file intact, checkpoints between them', async () => {
    const file = tempDbFile('lines-kill');
    const child = spawn(process.execPath, [CHILD, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // However the test ends (an expect failing, its timeout), the child is not left writing. It also
    // stops by itself should its stdout go away or it reach its own bound (lines-kill-child.ts).
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
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
    // The file as the kill left it (its WAL recovered on open), checked before the app's own open.
    const raw = new Database(file);
    try {
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      raw.close();
    }
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
