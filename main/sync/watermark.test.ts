import { describe, expect, it } from 'vitest';
import { instantOf, refusedAsWatermark } from './watermark.ts';

const STARTED = '2026-03-14T09:00:00.000Z';

describe('a lastModify as the watermark', () => {
  it('is read as a date-time, without an offset as UTC', () => {
    expect(instantOf('2026-03-14T09:41:00')).toBe(Date.parse('2026-03-14T09:41:00Z'));
    expect(instantOf('2026-03-14T09:41:00.123456+01:00')).toBe(Date.parse('2026-03-14T08:41:00.123Z'));
    for (const junk of ['', 'yesterday', '14.3.2026', '2026-03-14', '2026-13-45T99:00:00', '1'])
      expect(instantOf(junk)).toBeUndefined();
  });

  it('is taken up to a day past the start of the pass (the clocks may differ), not later, nor junk', () => {
    expect(refusedAsWatermark('2026-03-14T09:41:00', STARTED)).toBeUndefined();
    expect(refusedAsWatermark('2026-03-15T08:59:59', STARTED)).toBeUndefined();
    expect(refusedAsWatermark('2026-03-15T09:00:01', STARTED)).toEqual({
      lastModify: '2026-03-15T09:00:01',
      why: `later than a day after the sync pass began (${STARTED})`,
    });
    expect(refusedAsWatermark('nikdy', STARTED)).toEqual({ lastModify: 'nikdy', why: 'not a date-time' });
  });
});
