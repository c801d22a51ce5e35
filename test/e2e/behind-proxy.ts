// A till whose instance misbehaves: the small sim behind the hostile proxy (its rules set by the
// caller before the till starts), the web shell on the proxy, and a browser page. The set-up of the
// e2e files that watch Settings through an odd instance (sync-cancel, sync-findings).
import type { Browser, Page } from 'playwright-core';
import { startSim, type RunningSim } from '../../sim/server.ts';
import { demoEnv } from '../support/fixtures.ts';
import { startHostileProxy, type HostileProxy } from '../support/hostile-proxy.ts';
import { launchChromium, startWebShellProcess, type RunningShell } from './browser.ts';
import { newPage } from './lang.ts';

export interface TillBehindProxy {
  readonly sim: RunningSim;
  readonly proxy: HostileProxy;
  readonly browser: Browser;
  readonly shell: RunningShell;
  /** Not on the shell yet: the test goes to shell.url when it is ready to watch. */
  readonly page: Page;
  /** Closes the browser, the shell, the proxy and the sim. */
  stop(): Promise<void>;
}

export async function startBehindProxy(options: {
  /** The till's data folder (sharedTempDir, so the file removes it). */
  readonly dataDir: string;
  /** Sets the proxy's rules: they hold from the till's first call on. */
  readonly rules: (proxy: HostileProxy) => void;
  readonly viewport: { readonly width: number; readonly height: number };
}): Promise<TillBehindProxy> {
  const [sim, browser] = await Promise.all([startSim({ size: 'small', port: 0 }), launchChromium()]);
  const proxy = await startHostileProxy(sim.url);
  options.rules(proxy);
  const shell = await startWebShellProcess(demoEnv(proxy.url, options.dataDir));
  const page = await newPage(browser, { viewport: options.viewport });
  const stop = async (): Promise<void> => {
    await browser.close();
    await shell.stop();
    await proxy.close();
    await sim.close();
  };
  return { sim, proxy, browser, shell, page, stop };
}
