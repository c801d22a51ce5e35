// What the till makes of its order-permission findings: an order's answer always counts; the empty-
// order probe's 400 counts as "granted" unless, right after an order was refused for the permission,
// the probe still answered 400 (an instance that checks the body before the role).
import { describe, expect, it } from 'vitest';
import { OrderPermissionKnowledge } from './order-permission.ts';

describe('the order permission as the till knows it', () => {
  it('on an instance that checks the role first: a 403 order, then the probe, then the grant', () => {
    const known = new OrderPermissionKnowledge();
    expect(known.learn('granted', 'probe')).toBe(true);
    expect(known.learn('lacking', 'order')).toBe(true);
    // The probe asked at once agrees: it can be trusted, and so can its 400 after the grant.
    known.learn('lacking', 'probe');
    expect(known.probeTells).toBe(true);
    expect(known.learn('granted', 'probe')).toBe(true);
    expect(known.now).toBe('granted');
  });

  it('on an instance that checks the body first: the probe says nothing once it contradicted an order', () => {
    const known = new OrderPermissionKnowledge();
    known.learn('granted', 'probe');
    known.learn('lacking', 'order');
    expect(known.learn('granted', 'probe')).toBe(false);
    expect(known.probeTells).toBe(false);
    expect(known.learn('granted', 'probe')).toBe(false);
    expect(known.now).toBe('lacking');
    // A stored order says it again; a probe's 403 would show the probe tells after all.
    expect(known.learn('granted', 'order')).toBe(true);
    known.learn('lacking', 'probe');
    expect(known).toMatchObject({ now: 'lacking', probeTells: true });
  });

  it('starts over for another instance', () => {
    const known = new OrderPermissionKnowledge();
    known.learn('lacking', 'order');
    known.learn('granted', 'probe');
    known.reset();
    expect(known).toMatchObject({ now: 'unknown', probeTells: true });
  });
});
