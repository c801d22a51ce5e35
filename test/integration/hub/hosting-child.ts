// Child of hosting-restart.test.ts: the hosting till's app as far as the hub goes, in its own process
// so the test can kill it with kill -9 (its nats-server child then lives on, as after a crash).
//   DIR PORT: starts the HubServer the way the app does (users till1 and till2, passwords pw-<till>),
//   prints one JSON line { pid, starts } once it is ready, and one again for every line on stdin.
import { createInterface } from 'node:readline';
import { HubServer } from '../../../main/hub/index.ts';

const [dir, port] = process.argv.slice(2);
if (dir === undefined || port === undefined) throw new Error('usage: DIR PORT');
const users = ['till1', 'till2'].map((user) => ({ user, password: `pw-${user}` }));
const server = new HubServer({ dir, port: Number(port), users, restartMs: 50 });
const say = () =>
  process.stdout.write(`${JSON.stringify({ pid: server.pid ?? null, starts: server.starts })}\n`);
await server.start();
say();
createInterface({ input: process.stdin }).on('line', say);
