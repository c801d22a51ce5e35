// Which hub a till joins: POS_STORE_HUB over Settings, what is missing said by name, a wrong
// variable refused naming it, the hosting till's tills each given a password once.
import { describe, expect, it } from 'vitest';
import {
  HubConfigError,
  HubSettings,
  hostedUsers,
  hubFromEnv,
  hubListenFromEnv,
  resolveHub,
} from './config.ts';

const none = HubSettings.parse({});

describe('the store hub setting', () => {
  it('takes POS_STORE_HUB over Settings', () => {
    expect(
      resolveHub({ POS_STORE_HUB: 'nats://till2:s%40cret@10.0.0.5:4222' }, none, { hosted: {} }),
    ).toEqual({
      kind: 'ready',
      url: 'nats://10.0.0.5:4222',
      till: 'till2',
      password: 's@cret',
      source: 'env',
    });
  });

  it('refuses a POS_STORE_HUB that is no nats://TILL:PASSWORD@HOST:PORT, naming it', () => {
    for (const bad of [
      'hub:4222',
      'http://t:p@h:1',
      'nats://h:4222',
      'nats://t@h:4222',
      'nats://bad name:p@h:1',
    ])
      expect(() => hubFromEnv({ POS_STORE_HUB: bad })).toThrow(HubConfigError);
    expect(() => hubFromEnv({ POS_STORE_HUB: 'hub' })).toThrow(/POS_STORE_HUB/);
  });

  it('says what is missing from Settings, and is off when nothing is set', () => {
    expect(resolveHub({}, none, { hosted: {} })).toEqual({ kind: 'off' });
    const set = HubSettings.parse({ url: 'nats://10.0.0.5:4222', till: 'till3' });
    expect(resolveHub({}, set, { hosted: {} })).toEqual({ kind: 'incomplete', missing: ['password'] });
    expect(resolveHub({}, set, { password: 'x', hosted: {} })).toMatchObject({
      kind: 'ready',
      source: 'settings',
    });
  });

  it("gives each of the hosting till's tills a password once, and keeps it", () => {
    const hosting = HubSettings.parse({ hosts: true, till: 'till1', tills: ['till2', 'till3'], port: 4333 });
    const first = hostedUsers(hosting, { hosted: {} });
    expect(first.users.map((u) => u.user)).toEqual(['till1', 'till2', 'till3']);
    expect(new Set(first.users.map((u) => u.password)).size).toBe(3);
    expect(hostedUsers(hosting, first.secrets).users).toEqual(first.users);
    expect(resolveHub({}, hosting, first.secrets)).toMatchObject({
      kind: 'ready',
      url: 'nats://127.0.0.1:4333',
      till: 'till1',
      password: first.secrets.hosted['till1'],
    });
  });

  it('listens where POS_STORE_HUB_LISTEN says, every interface when unset, and refuses what is no address', () => {
    expect(hubListenFromEnv({})).toBe('0.0.0.0');
    expect(hubListenFromEnv({ POS_STORE_HUB_LISTEN: ' ' })).toBe('0.0.0.0');
    for (const address of ['127.0.0.1', '192.168.1.10', '::1', '::', 'fd12::1', 'fec0::1', '2001:db8::1'])
      expect(hubListenFromEnv({ POS_STORE_HUB_LISTEN: ` ${address} ` })).toBe(address);
    for (const bad of [
      'localhost',
      'lan0',
      '192.168.1',
      '256.0.0.1',
      '127.0.0.1:4222',
      '[::1]',
      'fe80::1%eth0',
    ])
      expect(() => hubListenFromEnv({ POS_STORE_HUB_LISTEN: bad })).toThrow(HubConfigError);
    expect(() => hubListenFromEnv({ POS_STORE_HUB_LISTEN: 'eth0' })).toThrow(
      /POS_STORE_HUB_LISTEN must be an IPv4 or IPv6 address .* not "eth0"/,
    );
    // A group's address (multicast, broadcast) is no till's: nothing listens there.
    for (const group of ['224.0.0.1', '239.255.255.250', '255.255.255.255', 'ff02::1', 'FF05::1:3'])
      expect(() => hubListenFromEnv({ POS_STORE_HUB_LISTEN: group })).toThrow(
        /POS_STORE_HUB_LISTEN ".*" is a multicast or broadcast address/,
      );
    for (const address of ['223.255.255.254', '240.0.0.1', 'fe00::1', '::ff02:1'])
      expect(hubListenFromEnv({ POS_STORE_HUB_LISTEN: address })).toBe(address);
    // Link-local IPv6 is an address, but binds only with a zone the variable cannot carry.
    for (const linkLocal of ['fe80::1', 'FE80::abcd', 'febf::1'])
      expect(() => hubListenFromEnv({ POS_STORE_HUB_LISTEN: linkLocal })).toThrow(
        /POS_STORE_HUB_LISTEN ".*" is an IPv6 link-local address \(fe80::\/10\)/,
      );
  });

  it('joins the hub it hosts where that hub listens', () => {
    const hosting = HubSettings.parse({ hosts: true, till: 'till1', port: 4333 });
    const secrets = hostedUsers(hosting, { hosted: {} }).secrets;
    const url = (listen: string) => {
      const hub = resolveHub({ POS_STORE_HUB_LISTEN: listen }, hosting, secrets);
      return hub.kind === 'ready' ? hub.url : hub.kind;
    };
    expect(url('192.168.1.10')).toBe('nats://192.168.1.10:4333');
    expect(url('0.0.0.0')).toBe('nats://127.0.0.1:4333');
    expect(url('::')).toBe('nats://[::1]:4333');
    expect(url('fd00::5')).toBe('nats://[fd00::5]:4333');
  });
});
