// The page's way to the core (docs/assumptions.md "Web shell call channel"): one call's round trip
// from the page, in Chromium, against the real web shell on the demo, over the call channel (a
// message on the page's open WebSocket, as the renderer calls) beside a request (POST /rpc, as a
// script calls and as the page called before). The same call (session.current, the sale's whole
// view) taking turns, so the machine's drift falls on both alike; until the answer is parsed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALL_SOCKET_PATH } from '../../contract/call-socket.ts';
import { LAUNCH_PASS_HEADER } from '../../contract/channels.ts';
import { LAUNCH_PASS_STORAGE_KEY } from '../../renderer/platform/launch-pass.ts';
import { launchChromium, startWebShellProcess } from '../e2e/browser.ts';
import { percentile, round } from './stats.ts';
import type { Benchmark, Figure } from './types.ts';

export const callChannel: Benchmark = {
  name: 'call-channel',
  async run(ctx) {
    const calls = ctx.quick ? 40 : 400;
    const dataDir = mkdtempSync(join(tmpdir(), 'counter-bench-calls-'));
    const shell = await startWebShellProcess({ POS_DATA_DIR: dataDir, POS_DEMO_SIZE: 'small' });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(shell.url);
      await page.getByTestId('status-bar').waitFor();
      ctx.log(`call-channel: ${calls} calls each way, taking turns...`);
      const { socket, request } = await page.evaluate(
        async ([n, path, header, key]) => {
          const secret = localStorage.getItem(key) ?? '';
          const ws = new WebSocket(`ws://${location.host}${path}`);
          const answers: ((data: string) => void)[] = [];
          ws.onmessage = (e: MessageEvent<string>) => answers.shift()?.(e.data);
          await new Promise<void>((resolve) => {
            answers.push(() => resolve());
            ws.onopen = () => ws.send(JSON.stringify({ pass: secret }));
          });
          const out = { socket: [] as number[], request: [] as number[] };
          for (let id = 1; id <= n; id++) {
            let start = performance.now();
            await new Promise<void>((resolve) => {
              answers.push((data) => {
                JSON.parse(data);
                resolve();
              });
              ws.send(JSON.stringify({ id, channel: 'session.current', input: {} }));
            });
            out.socket.push(performance.now() - start);
            start = performance.now();
            const r = await fetch('/rpc/session.current', {
              method: 'POST',
              headers: { 'content-type': 'application/json', [header]: secret },
              body: '{}',
            });
            await r.json();
            out.request.push(performance.now() - start);
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          ws.close();
          return out;
        },
        [calls, CALL_SOCKET_PATH, LAUNCH_PASS_HEADER, LAUNCH_PASS_STORAGE_KEY] as const,
      );
      const figure = (samples: number[], p: number, vs: string): Figure => ({
        value: round(percentile(samples, p), 2),
        unit: 'ms',
        vs,
        n: samples.length,
      });
      return {
        'call-channel.socket.p50': figure(socket, 50, 'a message on the page’s open call channel'),
        'call-channel.socket.p99': figure(socket, 99, 'a message on the page’s open call channel'),
        'call-channel.request.p50': figure(request, 50, 'POST /rpc, the same call'),
        'call-channel.request.p99': figure(request, 99, 'POST /rpc, the same call'),
        'call-channel.p50.requestOverSocket': {
          value: round(percentile(request, 50) / percentile(socket, 50), 2),
          unit: 'x',
          vs: 'call-channel.socket.p50; 1 = as fast',
        },
      };
    } finally {
      await browser.close();
      await shell.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
