// The client against the real sim behind the hostile proxy (test/support/hostile-proxy.ts): answers
// that are almost right, bodies that never finish, walks that never end.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, ServiceError, type ServiceClientOptions } from '../../../main/service/index.ts';
import { startSim, type RunningSim } from '../../../sim/server.ts';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy.ts';

let sim: RunningSim;
let proxy: HostileProxy;
const clients: ServiceClient[] = [];
beforeAll(async () => {
  sim = await startSim({ size: 'small' });
  proxy = await startHostileProxy(sim.url);
});
afterEach(async () => {
  proxy.clear();
  for (const c of clients.splice(0)) await c.close();
});
afterAll(async () => {
  await proxy.close();
  await sim.close();
});

function connect(options: ServiceClientOptions = {}): ServiceClient {
  const c = new ServiceClient(
    { baseUrl: proxy.url, clientId: 'counter-demo', clientSecret: 'counter-demo-secret' },
    options,
  );
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

const TOKEN = '^/connect/token$';

describe('expires_in of the token answer', () => {
  it('takes a numeric string ("3600") as the number of seconds', async () => {
    proxy.rule({ path: TOKEN, rewrite: (body) => ({ ...(body as object), expires_in: '3600' }) });
    let now = 1_000_000;
    const client = connect({ now: () => now });
    await client.version();
    await client.version();
    expect(sim.admin.tokenRequestCount('counter-demo')).toBe(1);
    // Used for its lifetime (less the renewal margin), then renewed.
    now += 3_500 * 1000;
    await client.version();
    expect(sim.admin.tokenRequestCount('counter-demo')).toBe(1);
    now += 60 * 1000;
    await client.version();
    expect(sim.admin.tokenRequestCount('counter-demo')).toBe(2);
  });

  it.each(['soon', '-5', '0', 'NaN', 'Infinity', '1e999', ''])(
    'refuses expires_in %j with an error naming it',
    async (value) => {
      proxy.rule({ path: TOKEN, rewrite: (body) => ({ ...(body as object), expires_in: value }) });
      const error = await failure(connect().version());
      expect(error.kind).toBe('invalid-response');
      expect(error.message).toContain('expires_in');
      expect(error.message).toContain(JSON.stringify(value));
      expect(error.mayHaveReachedServer).toBe(false);
    },
  );
});
