// The built-in demo instance: the local sim (sim/, SIM owner) with demo-size data, on a free loopback
// port, its data kept under the app's data folder so demo orders survive a restart just like the
// demo outbox does.
import { join } from 'node:path';
import type { DemoInstance, DemoLauncher } from './core.ts';

export function demoLauncher(dataDir: string, size: 'small' | 'demo' = 'demo'): DemoLauncher {
  return async (): Promise<DemoInstance> => {
    // Loaded only when the demo starts: a till with its own instance never loads the sim (and its
    // web framework), which cost a restarted till its first barcode's time.
    const { startSim } = await import('../../sim/server.ts');
    const sim = await startSim({
      host: '127.0.0.1',
      port: 0,
      size,
      dataDir: join(dataDir, 'demo-instance'),
      // No fault or data control on the app's own demo: every local process could use it.
      control: false,
    });
    // The seed's first company (every size has it) buys what is sold without a card, until the
    // cashier chooses another in Settings or a card for every sale.
    return { url: sim.url, walkInCustomerId: 1, close: () => sim.close() };
  };
}
