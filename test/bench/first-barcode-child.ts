// Child of the first-barcode benchmark: a till's core started as a shell starts it (createAppCore on
// POS_DATA_DIR), then one scan. `prepare` readies the data folder once (warehouse, open shift, a full
// sync from the instance) and prints a barcode in stock; `scan BARCODE` is the restarted till: it
// prints, from process start, when the core's modules were loaded, when the core was made and when
// the first scan answered, and the CPU the process had spent by then.
import { enableCompileCache } from 'node:module';
import { performance } from 'node:perf_hooks';

const started = performance.now();
// As the shells start (main/web/cli.ts, main/start.ts): with the compile cache on.
enableCompileCache();
const [mode, barcode] = process.argv.slice(2);
const { createAppCore } = await import('../../main/core/launch.ts');
const { MemoryCredentialStore } = await import('../../main/settings/credentials.ts');
const imported = performance.now();
const core = await createAppCore({
  env: process.env,
  credentials: new MemoryCredentialStore(),
  app: 'web',
  log: () => undefined,
});
const created = performance.now();
// As the shells do once the core is made (main/electron/main.ts forwards every event to the window):
// the first scan's events are built for a listener, as in the app.
core.subscribe(() => undefined);

async function call(channel: string, input: unknown): Promise<unknown> {
  const envelope = await core.invoke(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message}`);
  return envelope.value;
}

try {
  if (mode === 'scan' && barcode !== undefined) {
    const scan = (await call('session.scan', { code: barcode, via: 'scanner', confirmed: true })) as {
      outcome: { kind: string; message?: string };
    };
    const answered = performance.now();
    const cpu = process.cpuUsage();
    await call('session.cancel', {});
    process.stdout.write(
      `${JSON.stringify({
        outcome: scan.outcome.kind,
        ...(scan.outcome.message === undefined ? {} : { message: scan.outcome.message }),
        nodeStartMs: started,
        importedMs: imported,
        createdMs: created,
        answeredMs: answered,
        fromCreateMs: answered - imported,
        cpuMs: (cpu.user + cpu.system) / 1000,
      })}\n`,
    );
  } else if (mode === 'prepare') {
    await call('sync.now', { full: true });
    while (((await call('sync.status', {})) as { running: boolean }).running)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const warehouses = (await call('warehouses.list', {})) as { id: number }[];
    await call('settings.set', { warehouseId: warehouses[0]?.id ?? null });
    await call('shift.open', { float: 0 });
    process.stdout.write(`${JSON.stringify({ warehouseId: warehouses[0]?.id })}\n`);
  } else {
    throw new Error('usage: prepare | scan BARCODE');
  }
} finally {
  await core.close();
}
