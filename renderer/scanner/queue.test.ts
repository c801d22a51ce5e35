// The scan queue: every scan, keyboard or serial, applied once, in order, one at a time; kept while
// the app says 'wait' (a dialog is open) and applied when it resumes; never dropped.
import { describe, expect, it } from 'vitest';
import { ScanQueue, type DeliveredScan, type SinkAnswer } from './queue.ts';

/** A sink whose applies finish only when the test says so, and which waits while `dialog` is set. */
function harness() {
  const applied: string[] = [];
  const finish: (() => void)[] = [];
  const state = { dialog: false };
  const sink = (scan: DeliveredScan): SinkAnswer => {
    if (state.dialog) return 'wait';
    applied.push(`${scan.source}:${scan.code}`);
    return new Promise<void>((resolve) => finish.push(resolve));
  };
  const settle = async () => {
    finish.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { applied, state, sink, settle };
}

describe('ScanQueue', () => {
  it('applies scans one at a time, in the order they came, keyboard and serial alike', async () => {
    const q = new ScanQueue();
    const h = harness();
    q.setSink(h.sink);
    q.deliver({ code: 'A', source: 'keys' });
    q.deliver({ code: 'B', source: 'serial' });
    q.deliver({ code: 'C', source: 'keys' });
    // B waits while A's course (its stock question, say) is not over.
    expect(h.applied).toEqual(['keys:A']);
    expect(q.waiting()).toBe(2);
    await h.settle();
    expect(h.applied).toEqual(['keys:A', 'serial:B']);
    await h.settle();
    await h.settle();
    expect(h.applied).toEqual(['keys:A', 'serial:B', 'keys:C']);
    expect(q.waiting()).toBe(0);
  });

  it('keeps scans while the app says wait (a dialog is open) and applies them when it resumes', async () => {
    const q = new ScanQueue();
    const h = harness();
    const counts: number[] = [];
    q.subscribe((n) => counts.push(n));
    q.setSink(h.sink);
    h.state.dialog = true;
    q.deliver({ code: '1', source: 'keys' });
    q.deliver({ code: '2', source: 'keys' });
    expect(h.applied).toEqual([]);
    expect(q.waiting()).toBe(2);
    q.resume(); // something changed, the dialog is still open
    expect(h.applied).toEqual([]);
    h.state.dialog = false;
    q.resume();
    expect(h.applied).toEqual(['keys:1']);
    await h.settle();
    await h.settle();
    expect(h.applied).toEqual(['keys:1', 'keys:2']);
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it("passes over scans the app says 'pass' to: later ones go first, the passed keep their order", async () => {
    // The new card's dialog: a sale's scans wait (pass), the scans made into the dialog go.
    const q = new ScanQueue();
    const applied: string[] = [];
    let cardOpen = true;
    q.setSink((scan) => {
      if (cardOpen && !scan.code.startsWith('card')) return 'pass';
      applied.push(scan.code);
      return Promise.resolve();
    });
    q.deliver({ code: 'sale1', source: 'keys' });
    q.deliver({ code: 'sale2', source: 'serial' });
    q.deliver({ code: 'card7', source: 'keys' });
    await new Promise((r) => setTimeout(r, 0));
    expect(applied).toEqual(['card7']);
    expect(q.unfinished().map((s) => s.code)).toEqual(['sale1', 'sale2']);
    cardOpen = false;
    q.resume();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(applied).toEqual(['card7', 'sale1', 'sale2']);
    expect(q.isIdle()).toBe(true);
  });

  it('puts a scan it took back where it took it from: after the scans passed over', async () => {
    const q = new ScanQueue();
    const applied: string[] = [];
    let cardOpen = true;
    let claimed = false;
    q.setSink((scan) => {
      if (cardOpen && !scan.code.startsWith('card')) return 'pass';
      // The card's serial scan is claimed first (a round trip), and the dialog closes meanwhile.
      if (scan.serialId !== undefined && !claimed) {
        claimed = true;
        cardOpen = false;
        return Promise.resolve().then(() => q.putBack({ code: scan.code, source: scan.source }));
      }
      applied.push(scan.code);
      return Promise.resolve();
    });
    q.deliver({ code: 'sale1', source: 'keys' });
    q.deliver({ code: 'card7', source: 'serial', serialId: 3 });
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(applied).toEqual(['sale1', 'card7']);
  });

  it('lists what is not done (the scan being applied first) and tells its watchers of each change', async () => {
    const q = new ScanQueue();
    const h = harness();
    const seen: string[][] = [];
    q.watch(() => seen.push(q.unfinished().map((s) => s.code)));
    q.setSink(h.sink);
    q.deliver({ code: 'A', source: 'keys' });
    q.deliver({ code: 'B', source: 'keys' });
    expect(q.unfinished().map((s) => s.code)).toEqual(['A', 'B']);
    await h.settle();
    await h.settle();
    expect(q.unfinished()).toEqual([]);
    expect(seen).toEqual([[], ['A'], ['A', 'B'], ['B'], []]);
  });

  it('keeps scans that come before the app is ready and applies them once it is', () => {
    const q = new ScanQueue();
    q.deliver({ code: 'early', source: 'serial' });
    const h = harness();
    q.setSink(h.sink);
    expect(h.applied).toEqual(['serial:early']);
  });

  it('goes on with the next scan when one fails', async () => {
    const q = new ScanQueue();
    const applied: string[] = [];
    q.setSink((scan) => {
      applied.push(scan.code);
      return scan.code === 'bad' ? Promise.reject(new Error('refused')) : Promise.resolve();
    });
    q.deliver({ code: 'bad', source: 'keys' });
    q.deliver({ code: 'good', source: 'keys' });
    await new Promise((r) => setTimeout(r, 0));
    expect(applied).toEqual(['bad', 'good']);
  });

  it('applies a scan once when applying it resumes the queue (a dialog store the app follows changed)', async () => {
    // The card dialog's scan sets the dialog's store, and the app resumes the queue on every change
    // of a dialog's store (actions/attach.ts): that resume comes while the scan is being applied.
    const q = new ScanQueue();
    const applied: string[] = [];
    q.setSink((scan) => {
      applied.push(scan.code);
      if (applied.length > 50) throw new Error('applied again and again');
      q.resume();
      return Promise.resolve();
    });
    q.deliver({ code: 'VK1', source: 'keys' });
    q.deliver({ code: 'VK2', source: 'keys' });
    await new Promise((r) => setTimeout(r, 0));
    expect(applied).toEqual(['VK1', 'VK2']);
    expect(q.waiting()).toBe(0);
  });
});
