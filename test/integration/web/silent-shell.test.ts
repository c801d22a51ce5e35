// A web shell that stops running (its process stopped with SIGSTOP: what a hung core looks like from
// the page) while a call is out: the page's end of the call channel hears no beat, gives the socket
// up after SILENT_MS and the call gets no answer (the page says the core may or may not have done
// it), never a wait for ever. The shell running again, the next call opens a socket and is answered.
// The real shell process (npm run web) before the sim over HTTP; the page's end over `ws`'s client,
// with the cookie and Origin a browser sends.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsClient } from 'ws';
import { BEAT_MS, SILENT_MS } from '../../../contract/call-socket.ts';
import { LAUNCH_PASS_FRAGMENT } from '../../../contract/channels.ts';
import { callSocket } from '../../../renderer/platform/call-socket.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { startWebShellProcess, type RunningShell } from '../../e2e/browser.ts';
import { demoEnv, sharedTempDir } from '../../support/fixtures.ts';

let sim: RunningSim | undefined;
let shell: RunningShell | undefined;

beforeAll(async () => {
  sim = await startSim({ size: 'small', port: 0 });
  shell = await startWebShellProcess(demoEnv(sim.url, sharedTempDir('silent-shell')));
}, 120_000);

function running(): RunningShell {
  if (shell === undefined) throw new Error('no web shell');
  return shell;
}

afterAll(async () => {
  if (shell !== undefined) {
    process.kill(shell.pid, 'SIGCONT');
    await shell.stop();
  }
  vi.unstubAllGlobals();
  await sim?.close();
});

/** The launch: the cookie the browser keeps and the secret the page's fragment carries. */
function launch(url: string): Promise<{ cookie: string; secret: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      res.resume();
      const cookie = (res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
      const fragment = (res.headers.location ?? '').split('#')[1] ?? '';
      resolve({ cookie, secret: new URLSearchParams(fragment).get(LAUNCH_PASS_FRAGMENT) ?? '' });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a web shell that stops running while a call is out', () => {
  it('the call gets no answer after SILENT_MS, not never; running again, the next call is answered', async () => {
    const { pid, url, origin } = running();
    const { cookie, secret } = await launch(url);
    vi.stubGlobal(
      'WebSocket',
      class extends WsClient {
        constructor(url: string) {
          super(url, { headers: { cookie, origin } });
        }
      },
    );
    const page = callSocket(origin, secret, () => undefined);
    await expect(page.call('status.get', {})).resolves.toMatchObject({ ok: true });

    process.kill(pid, 'SIGSTOP');
    const stopped = Date.now();
    try {
      await expect(page.call('session.current', {})).rejects.toThrow('the web shell fell silent');
      // Its last word came at most a beat before the call: no sooner than that (slower is fine).
      expect(Date.now() - stopped).toBeGreaterThanOrEqual(SILENT_MS - BEAT_MS);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await expect(page.call('session.current', {})).resolves.toMatchObject({ ok: true });
  });
});
