// `pos shift` as a user runs it: a real process on a data folder, real exit statuses, one JSON
// document with --json, amounts typed in major units read exactly.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../support/fixtures.ts';
import type { ShiftReportView } from '../../../contract/contract.ts';
import { openDatabase } from '../../../db/database.ts';
import { hashPin } from '../../../main/settings/manager-pin.ts';
import { SettingsStore } from '../../../main/settings/store.ts';
import { runCli } from '../../../main/cli/run.ts';
import { skewedClockEnv } from '../../support/skewed-clock.ts';

const entry = join(import.meta.dirname, '..', '..', '..', 'main', 'cli', 'index.ts');

/** `pos ARGS` as its own process; `clock` a libfaketime offset such as '+400d' (the wall clock set wrong). */
function pos(
  dataDir: string,
  args: string[],
  clock?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      // No instance at all: the shift is the till's own, no service is asked.
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: dataDir,
          POS_DATA_DIR: dataDir,
          ...skewedClockEnv(clock),
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** The one JSON document of a report (the contract's shape). */
const report = (stdout: string): ShiftReportView => JSON.parse(stdout) as ShiftReportView;
/** The one JSON document of a refusal. */
const failure = (stdout: string): { error: { exitCode: number; message: string; reason?: string } } =>
  JSON.parse(stdout) as { error: { exitCode: number; message: string; reason?: string } };

/** The same command in this process (runCli, what index.ts runs): for the cases a spawn adds nothing to. */
async function inProcess(
  dataDir: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { HOME: dataDir, POS_DATA_DIR: dataDir },
  });
  return { code, stdout, stderr };
}

describe('pos shift', () => {
  it('opens with the float as typed, refuses a second, prints the X report, closes with the count', async () => {
    const dir = tempDir('cli-shift');
    const none = await inProcess(dir, ['shift', '--json']);
    expect(none.code).toBe(1);
    expect(failure(none.stdout).error.message).toBe(
      'No shift is open at this till: open one with the float counted into the drawer first.',
    );

    const opened = await pos(dir, ['shift', 'open', '--float', '1500,50', '--json']);
    expect(opened.code, opened.stderr).toBe(0);
    expect(report(opened.stdout)).toMatchObject({
      kind: 'X',
      state: 'open',
      float: 1500.5,
      expectedCash: 1500.5,
      sales: { count: 0, gross: 0 },
      orders: { placed: 0 },
    });
    const again = await inProcess(dir, ['shift', 'open', '--float', '10', '--json']);
    expect(again.code).toBe(1);
    const refused = failure(again.stdout).error;
    expect(refused.reason).toBe('shift-open');
    expect(refused.message).toMatch(/^Shift \d+ is already open/);

    const x = await pos(dir, ['shift']);
    expect(x.code).toBe(0);
    expect(x.stdout).toContain('float 1500.50');
    expect(x.stdout).toContain('expected in the drawer: 1500.50');

    // No limit set beyond 0 and no manager PIN: a difference is recorded, nobody asked.
    const closed = await pos(dir, ['shift', 'close', '--counted', '1500.40', '--json']);
    expect(closed.code, closed.stderr).toBe(0);
    const z = report(closed.stdout);
    expect(z).toMatchObject({
      kind: 'Z',
      state: 'closed',
      countedCash: 1500.4,
      difference: -0.1,
      overLimit: true,
      managerApproved: false,
    });
    const last = await pos(dir, ['shift', '--last', '--json']);
    expect(last.code).toBe(0);
    const printed = report(last.stdout);
    expect({ ...printed, followUp: undefined }).toEqual(z);
    expect(printed.followUp?.orders.placed).toBe(0);
    expect((await inProcess(dir, ['shift', '--json'])).code).toBe(1);
  });

  it('--last names the shift closed last after the clock was put right, not the latest closedAt', async () => {
    const dir = tempDir('cli-shift-clock');
    // The till's clock ran 400 days ahead through the first shift, then was put right.
    expect((await pos(dir, ['shift', 'open', '--float', '100'], '+400d')).code).toBe(0);
    const ahead = await pos(dir, ['shift', 'close', '--counted', '100', '--json'], '+400d');
    expect(ahead.code, ahead.stderr).toBe(0);
    const first = report(ahead.stdout);
    expect((await pos(dir, ['shift', 'open', '--float', '200'])).code).toBe(0);
    const closed = await pos(dir, ['shift', 'close', '--counted', '200', '--json']);
    expect(closed.code, closed.stderr).toBe(0);
    const second = report(closed.stdout);
    // The first shift's close reads 400 days after the second's: only the sequence says which is last.
    expect(first.closedAt ?? '').toMatch(/^\d{4}-/);
    expect((first.closedAt ?? '') > (second.closedAt ?? '')).toBe(true);
    const last = await pos(dir, ['shift', '--last', '--json']);
    expect(last.code, last.stderr).toBe(0);
    expect(report(last.stdout)).toMatchObject({ id: second.id, float: 200, countedCash: 200 });
  });

  it('says what an amount looks like, and which option goes with which action (exit 2)', async () => {
    const dir = tempDir('cli-shift-usage');
    const cases: [string[], RegExp][] = [
      [['shift', 'open'], /--float AMOUNT is needed/],
      [
        ['shift', 'open', '--float', '12.345'],
        /--float must be an amount in the currency such as 1500 or 1500\.50.*"12\.345"/,
      ],
      [['shift', 'open', '--float=-5'], /--float must be an amount/],
      [['shift', 'open', '--float', '1e3'], /--float must be an amount/],
      [['shift', 'close'], /--counted AMOUNT is needed/],
      [['shift', 'open', '--counted', '5'], /--counted does not go with shift open/],
      [['shift', 'close', '--counted', '5', '--last'], /--last does not go with shift close/],
      [['shift', 'reopen'], /Unknown shift action "reopen"/],
    ];
    for (const [args, message] of cases) {
      const run = await inProcess(dir, [...args, '--json']);
      expect(run.code, args.join(' ')).toBe(2);
      expect(failure(run.stdout).error.message, args.join(' ')).toMatch(message);
    }
    const last = await inProcess(dir, ['shift', '--last']);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('No shift has been closed at this till yet.');
  });

  it('closes a difference over the limit only with the manager PIN, when one is set', async () => {
    const dir = tempDir('cli-shift-pin');
    expect((await inProcess(dir, ['shift', 'open', '--float', '100'])).code).toBe(0);
    const db = openDatabase(join(dir, 'counter.sqlite'));
    new SettingsStore(db).write({ managerPinHash: hashPin('2468'), cashDifferenceLimit: 5 });
    db.close();

    const without = await inProcess(dir, ['shift', 'close', '--counted', '90', '--json']);
    expect(without.code).toBe(1);
    expect(failure(without.stdout).error).toEqual({
      exitCode: 1,
      reason: 'locked',
      message:
        'The cash counted differs from the expected by -10.00, more than the limit of 5.00: closing the shift needs the manager PIN. Give it with --pin.',
    });
    const wrong = await inProcess(dir, ['shift', 'close', '--counted', '90', '--pin', '1111']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('The manager PIN is wrong; the shift is still open.');
    expect((await inProcess(dir, ['shift', '--json'])).code).toBe(0);

    const within = await inProcess(dir, ['shift', 'close', '--counted', '96', '--pin', '2468', '--json']);
    expect(within.code).toBe(0);
    expect(report(within.stdout)).toMatchObject({
      difference: -4,
      overLimit: false,
      managerApproved: false,
    });
    expect((await inProcess(dir, ['shift', 'open', '--float', '100'])).code).toBe(0);
    const approved = await inProcess(dir, ['shift', 'close', '--counted', '90', '--pin', '2468', '--json']);
    expect(approved.code).toBe(0);
    expect(report(approved.stdout)).toMatchObject({
      difference: -10,
      overLimit: true,
      managerApproved: true,
    });
  });

  it("reads the built-in demo's till with --demo, apart from the configured one", async () => {
    const dir = tempDir('cli-shift-demo');
    expect((await inProcess(dir, ['shift', 'open', '--float', '7', '--demo'])).code).toBe(0);
    expect((await inProcess(dir, ['shift', '--json'])).code).toBe(1);
    const demo = await inProcess(dir, ['shift', '--demo', '--json']);
    expect(demo.code).toBe(0);
    expect(report(demo.stdout).float).toBe(7);
  });
});
