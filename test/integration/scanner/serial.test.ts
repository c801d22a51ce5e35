// The serial scanner through the core, against a real pseudo-terminal pair (socat): lines become
// scans exactly once and in order however the port chunks them, a page takes them once, and a port
// that vanishes (cable pulled) is opened again by itself, the status bar saying lost, then reconnected.
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseOutput,
  type CallChannel,
  type CallInput,
  type CallOutput,
  type EventChannel,
} from '../../../contract/contract.ts';
import { Core } from '../../../main/core/core.ts';
import { ScannerConfigError } from '../../../main/scanner/index.ts';
import { MemoryCredentialStore } from '../../../main/settings/credentials.ts';
import { tempDir } from '../../support/fixtures.ts';
import { ptyPair, type PtyPair } from '../../support/pty.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function core(env: Record<string, string>) {
  const events: { event: EventChannel; payload: unknown }[] = [];
  const logged: string[] = [];
  const c = await Core.create({
    dataDir: tempDir('serial-core'),
    credentials: new MemoryCredentialStore(),
    env,
    autoSync: false,
    serialRetryMs: 100,
    log: (line) => logged.push(line),
  });
  cleanup.push(() => c.close());
  c.subscribe((event, payload) => events.push({ event, payload }));
  return { c, events, logged };
}

async function pty(): Promise<PtyPair> {
  const pair = ptyPair(tempDir('pty'));
  await pair.start();
  cleanup.push(() => pair.pull());
  return pair;
}

async function call<C extends CallChannel>(c: Core, channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const envelope = await c.invoke(channel, input);
  if (!envelope.ok) throw new Error(`call failed: ${envelope.error.code} ${envelope.error.message}`);
  return parseOutput(channel, envelope.value);
}

const status = (c: Core) => call(c, 'status.get', {});
const take = async (c: Core) => (await call(c, 'scanner.take', {})).scans.map((s) => s.code);

/** Takes scans until `count` have come (they arrive as the port delivers them), then once more. */
async function takeAll(c: Core, count: number): Promise<string[]> {
  const codes: string[] = [];
  await expect
    .poll(async () => {
      codes.push(...(await take(c)));
      return codes.length;
    })
    .toBeGreaterThanOrEqual(count);
  codes.push(...(await take(c)));
  return codes;
}

describe('serial scanner (POS_SCANNER_PORT, a pty pair)', () => {
  it('takes each line once, in order, however the port splits or joins them', async () => {
    const pair = await pty();
    const { c, events } = await core({ POS_SCANNER_PORT: pair.port });
    await expect.poll(async () => (await status(c)).serialScanner?.state).toBe('connected');

    pair.send('85910100');
    pair.send('00019\r\n8591010000026\r\n');
    pair.send('\u00028591010000033\u0003\r');
    pair.send('\n');
    expect(await takeAll(c, 3)).toEqual(['8591010000019', '8591010000026', '8591010000033']);
    expect(await take(c)).toEqual([]);
    // The pages heard that scans wait (the event is the hint; the take is what hands them over).
    expect(events.some((e) => e.event === 'scanner.waiting')).toBe(true);
  });

  it('ends lines at the line end set (tab), at the baud rate set', async () => {
    const pair = await pty();
    const { c } = await core({
      POS_SCANNER_PORT: pair.port,
      POS_SCANNER_BAUD: '115200',
      POS_SCANNER_LINE_END: 'tab',
    });
    const settings = await call(c, 'settings.get', {});
    expect(settings.serialScanner).toEqual({ port: pair.port, baudRate: 115200, lineEnd: 'tab' });
    expect(settings.serialScannerSource).toBe('env');
    await expect.poll(async () => (await status(c)).serialScanner?.state).toBe('connected');
    pair.send('123456\t654321\t');
    expect(await takeAll(c, 2)).toEqual(['123456', '654321']);
  });

  it("reads the rate and line end from POS_SCANNER_PORT's options (INTERFACES.md's form)", async () => {
    const pair = await pty();
    const { c } = await core({ POS_SCANNER_PORT: `${pair.port}?baud=115200&end=CR` });
    const settings = await call(c, 'settings.get', {});
    expect(settings.serialScanner).toEqual({ port: pair.port, baudRate: 115200, lineEnd: 'cr' });
    await expect.poll(async () => (await status(c)).serialScanner?.state).toBe('connected');
    pair.send('4006381333931\r8591010000019\r');
    expect(await takeAll(c, 2)).toEqual(['4006381333931', '8591010000019']);
  });

  it('reconnects by itself when the port vanishes and comes back; a code cut off is not taken', async () => {
    const pair = await pty();
    const { c } = await core({ POS_SCANNER_PORT: pair.port });
    await expect.poll(async () => (await status(c)).serialScanner?.state).toBe('connected');
    pair.send('4006381333931\r\n');
    expect(await takeAll(c, 1)).toEqual(['4006381333931']);

    // Half a code, then the cable goes: the half must not start the next scan, nor be one.
    pair.send('859101');
    await pair.pull();
    await expect.poll(async () => (await status(c)).serialScanner?.state).toBe('lost');

    await pair.start();
    await expect
      .poll(async () => (await status(c)).serialScanner?.state, { timeout: 10_000 })
      .toBe('reconnected');
    pair.send('8591010000019\r\n');
    expect(await takeAll(c, 1)).toEqual(['8591010000019']);
  });

  it('waits for a port that is not there yet, and opens it once it is', async () => {
    const pair = ptyPair(tempDir('pty'));
    cleanup.push(() => pair.pull());
    const { c } = await core({ POS_SCANNER_PORT: pair.port });
    await expect.poll(async () => (await status(c)).serialScanner?.detail ?? '').toMatch(/no such file/i);
    expect((await status(c)).serialScanner?.state).toBe('opening');
    await pair.start();
    await expect.poll(async () => (await status(c)).serialScanner?.state).toBe('connected');
    pair.send('96385074\r\n');
    expect(await takeAll(c, 1)).toEqual(['96385074']);
  });

  it('refuses a wrong POS_SCANNER_BAUD or POS_SCANNER_LINE_END at start, naming it', async () => {
    const create = (env: Record<string, string>) =>
      Core.create({ dataDir: tempDir('serial-core'), credentials: new MemoryCredentialStore(), env });
    await expect(create({ POS_SCANNER_PORT: '/dev/ttyACM0', POS_SCANNER_BAUD: '9601' })).rejects.toThrow(
      ScannerConfigError,
    );
    await expect(create({ POS_SCANNER_PORT: '/dev/ttyACM0', POS_SCANNER_BAUD: '9601' })).rejects.toThrow(
      /POS_SCANNER_BAUD=9601/,
    );
    await expect(create({ POS_SCANNER_PORT: '/dev/ttyACM0', POS_SCANNER_LINE_END: 'nl' })).rejects.toThrow(
      /POS_SCANNER_LINE_END=nl/,
    );
  });
});

describe('serial scanner (Settings)', () => {
  it('reads the port Settings name, a new port at once, and none once it is cleared', async () => {
    const first = await pty();
    const second = await pty();
    const { c } = await core({});
    expect((await status(c)).serialScanner).toBeUndefined();
    const ports = await call(c, 'scanner.ports', {});
    expect(Array.isArray(ports.ports)).toBe(true);

    await call(c, 'settings.set', { serialScanner: { port: first.port } });
    await expect
      .poll(async () => (await status(c)).serialScanner)
      .toEqual({
        port: first.port,
        state: 'connected',
      });
    const settings = await call(c, 'settings.get', {});
    expect(settings.serialScannerSource).toBe('settings');
    first.send('111111\n');
    expect(await takeAll(c, 1)).toEqual(['111111']);

    await call(c, 'settings.set', { serialScanner: { port: second.port } });
    await expect.poll(async () => (await status(c)).serialScanner?.port).toBe(second.port);
    await expect.poll(async () => (await status(c)).serialScanner?.state).toBe('connected');
    first.send('222222\n');
    second.send('333333\n');
    expect(await takeAll(c, 1)).toEqual(['333333']);

    await call(c, 'settings.set', { serialScanner: { port: null } });
    expect((await status(c)).serialScanner).toBeUndefined();
  });

  it('refuses a baud rate no scanner uses, naming the field', async () => {
    const { c } = await core({});
    const answer = await c.invoke('settings.set', { serialScanner: { baudRate: 9601 } });
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(Object.keys(answer.error.fieldErrors ?? {})).toContain('serialScanner.baudRate');
  });
});
