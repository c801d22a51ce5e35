// The page's follower of the serial scanner's scans (followSerialScans) against a fake shell whose
// listings answer when the test says: scans listed on a (re)connection and scans from events go into
// the page's one scan queue in order, whatever order the listings answer in. What is checked is the
// follower and the queue, never the fake.
import { afterEach, describe, expect, it } from 'vitest';
import type { PosApi, SerialScanView } from '../../contract/contract.ts';
import { scanQueue } from '../scanner/index.ts';
import { setPos } from './pos.ts';
import { followSerialScans } from './serial-scanner.ts';

/** A shell whose event stream is connected already and whose listings wait for the test. */
function fakeShell() {
  const listings: ((scans: SerialScanView[]) => void)[] = [];
  const api = {
    invoke: (channel: string) => {
      if (channel !== 'scanner.take') throw new Error(`unexpected call ${channel}`);
      return new Promise((resolve) => listings.push((scans) => resolve({ scans })));
    },
    on: () => () => undefined,
    // Connected already: a listener is told at once, as the web bridge does.
    opened: (listener: () => void) => {
      listener();
      return () => undefined;
    },
  } as unknown as PosApi;
  return { api, listings };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
let stop: (() => void) | undefined;
let unsink: (() => void) | undefined;
afterEach(() => {
  stop?.();
  unsink?.();
});

describe('followSerialScans', () => {
  it('puts the waiting scans in the queue once each when two listings overlap (started on a live stream)', async () => {
    const shell = fakeShell();
    setPos(shell.api);
    const applied: string[] = [];
    unsink = scanQueue.setSink((scan) => {
      applied.push(`${scan.code}#${String(scan.serialId)}`);
      return Promise.resolve();
    });
    stop = followSerialScans();
    // One listing for the start, one for the stream already open: both under way.
    expect(shell.listings).toHaveLength(2);
    shell.listings[0]?.([{ id: 1, code: '8591010000019' }]);
    await settle();
    shell.listings[1]?.([{ id: 1, code: '8591010000019' }]);
    await settle();
    expect(applied).toEqual(['8591010000019#1']);
  });
});
