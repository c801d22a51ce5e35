// The serial scans waiting for a page: taken all at once (take), or one by one by the call that
// applies each (claim), never both, never twice; a peek takes nothing.
import { describe, expect, it, vi } from 'vitest';
import { ScanInbox } from './inbox.ts';

describe('ScanInbox', () => {
  it('claims a scan once, by its id and code; a peek leaves it, a take gets only what is left', () => {
    const inbox = new ScanInbox(() => undefined);
    const a = inbox.add('8591010000019').scan;
    const b = inbox.add('8591010000026').scan;
    const c = inbox.add('8591010000033');
    expect(c.waiting).toBe(3);
    expect(b.id).toBeGreaterThan(a.id);
    expect(inbox.peek()).toEqual([a, b, c.scan]);
    expect(inbox.claim(b.id, '8591010000019')).toBe(false); // the id of one, the code of another
    expect(inbox.claim(b.id, b.code)).toBe(true);
    expect(inbox.claim(b.id, b.code)).toBe(false);
    expect(inbox.take()).toEqual([a, c.scan]);
    expect(inbox.claim(a.id, a.code)).toBe(false);
    expect(inbox.peek()).toEqual([]);
  });

  it("a core started again does not give a new scan an old one's id, even at the same clock time", () => {
    // The clock set back to the first core's start: ids counted from the time would repeat.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 11, 2, 8, 0));
    try {
      const before = new ScanInbox(() => undefined).add('8591010000019').scan;
      const after = new ScanInbox(() => undefined).add('8591010000026').scan;
      expect(after.id).not.toBe(before.id);
      expect(Number.isSafeInteger(after.id) && after.id >= 0).toBe(true);
    } finally {
      now.mockRestore();
    }
  });
});
