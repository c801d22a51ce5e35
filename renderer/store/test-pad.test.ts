// The scanner test pad's judgement, in Node over a core the test scripts (platform/fake-bridge.ts):
// a code ended by Enter is described once, as scanned when the scanner module read it as a scan,
// as typed otherwise, however long the page's scan queue takes to hand the scan over. The pad's keys
// are fed as the keymap's observer feeds them; the timers are vitest's, so no wall time is involved.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScanEffect } from '../scanner/index.ts';
import { FakeBridge } from '../platform/fake-bridge.ts';
import { createPosApi } from '../platform/pos.ts';
import { useApp } from './app.ts';
import { setPos } from './pos.ts';
import { noteTestPadScan, recordTestPadKey, scanOnTestPad } from './test-pad.ts';

let core: FakeBridge;

beforeEach(() => {
  vi.useFakeTimers();
  core = new FakeBridge().answer('barcode.describe', ({ code }) => ({
    code,
    kind: 'EAN-13',
    detail: '',
    valid: true,
  }));
  setPos(createPosApi(core));
  useApp.setState(useApp.getInitialState(), true);
});

afterEach(async () => {
  // Whatever settle timer a case left runs now, so the next case starts with the pad at rest.
  await vi.runAllTimersAsync();
  vi.useRealTimers();
});

/** `text` and then Enter reach the pad, `msPerKey` apart from `at` (event time, ms). */
function keysOnPad(text: string, at: number, msPerKey: number): void {
  [...Array.from(text), 'Enter'].forEach((key, i) => {
    const code = key === 'Enter' ? 'Enter' : `Digit${key}`;
    recordTestPadKey({ key, code, timeStamp: at + i * msPerKey });
  });
}

/** The scanner module read `code` from keys ended by Enter (what attach.ts tells the pad). */
function readAsScan(code: string): ScanEffect {
  const scan: ScanEffect = {
    type: 'scan',
    code,
    source: 'keys',
    suffix: 'Enter',
    layout: 'us',
    startedAt: 0,
    endedAt: 0,
    leaked: '',
    paused: false,
    typed: code,
    longestGapMs: 10,
  };
  noteTestPadScan(scan);
  return scan;
}

const described = () => core.inputs('barcode.describe');
const via = () => useApp.getState().testPad.result?.via;

describe('the scanner test pad', () => {
  it('describes a scan once, as scanned, when the queue hands it over after the settle time', async () => {
    keysOnPad('8591010000019', 1000, 10);
    readAsScan('8591010000019');
    // The page's queue is busy with an earlier scan: this one comes to the pad well after 250 ms.
    await vi.advanceTimersByTimeAsync(1000);
    await scanOnTestPad('8591010000019');
    expect(described()).toEqual([{ code: '8591010000019' }]);
    expect(via()).toBe('scanner');
  });

  it("describes a person's code typed after a late scan as typed", async () => {
    keysOnPad('8591010000019', 1000, 10);
    readAsScan('8591010000019');
    await vi.advanceTimersByTimeAsync(1000);
    await scanOnTestPad('8591010000019');
    keysOnPad('1234', 3000, 150);
    await vi.advanceTimersByTimeAsync(1000);
    expect(described()).toEqual([{ code: '8591010000019' }, { code: '1234' }]);
    expect(via()).toBe('typed');
  });
});
