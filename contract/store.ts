// The store hub's shapes (issue 38): its settings as the screens see them (never a password), its
// state, and the store's view of every till's open shift.
import { z } from 'zod';
import { lazy } from '../common/lazy.ts';
import type { Minor } from '../common/money.ts';

const int = lazy(() => z.int());
/** An amount in minor units, typed so a screen converts it with the money module, never by hand. */
const minor = lazy(() =>
  z.custom<Minor>((v) => Number.isSafeInteger(v), 'must be a whole amount of minor units'),
);
const tillName = lazy(() => z.string().regex(/^[A-Za-z0-9_-]{1,32}$/));

/** One of the store's other tills as this till sees it through the hub. */
export const TillSeenView = lazy(() =>
  z.object({
    till: z.string(),
    /** Its events applied here. */
    applied: int,
    /** Its events the hub holds that this till has not applied yet; null: not known now. */
    behind: int.nullable(),
  }),
);

/**
 * This till's journal does not continue the one the hub holds under its name (`till`): its folder was
 * replaced or put back from a backup. The hub's last event of that name is `hubLast`, this till's last
 * `ownLast`; nothing of this till's journal is sent while it lasts (a new name sends it from 1).
 */
export const JournalBreakView = lazy(() => z.object({ till: z.string(), hubLast: int, ownLast: int }));
export type JournalBreakView = z.infer<typeof JournalBreakView>;

export const HubView = lazy(() =>
  z.object({
    /** Where the hub setting comes from: POS_STORE_HUB, Settings, or none is set. */
    source: z.enum(['env', 'settings', 'none']),
    url: z.string().nullable(),
    till: z.string().nullable(),
    hosts: z.boolean(),
    port: int,
    tills: z.array(z.string()),
    /** A password for this till is stored (never shown). */
    passwordSet: z.boolean(),
    /** What is missing before the till can join (url, till, password). */
    missing: z.array(z.enum(['url', 'till', 'password'])),
    connected: z.boolean(),
    /** Since when the hub is out of reach; null while connected or when none is set. */
    downSince: z.iso.datetime().nullable(),
    /** This till's events the hub holds. */
    published: int,
    /** Found at the last connection; absent or null: this till's journal continues the hub's. */
    journalBreak: JournalBreakView.nullable().optional(),
    seen: z.array(TillSeenView),
    /**
     * Passwords made just now for tills the hub this till hosts lets in: shown once, to be entered at
     * each till; never again.
     */
    newPasswords: z.array(z.object({ till: z.string(), password: z.string() })).optional(),
  }),
);
export type HubView = z.infer<typeof HubView>;

export const HubSetInput = lazy(() =>
  z.strictObject({
    url: z
      .string()
      .trim()
      .regex(/^nats:\/\/[^\s/]+$/)
      .nullable(),
    till: tillName.nullable(),
    /** A new password for this till; absent: keep the stored one. */
    password: z.string().min(1).max(200).optional(),
    hosts: z.boolean(),
    port: int.min(1).max(65535),
    tills: z.array(tillName).max(50),
  }),
);
export type HubSetInput = z.infer<typeof HubSetInput>;

/** One till's open shift as the store knows it (its own events, or the last that came through the hub). */
export const StoreTillShiftView = lazy(() =>
  z.object({
    till: z.string(),
    /** This till. */
    self: z.boolean(),
    shift: z
      .object({
        id: int,
        floatMinor: minor,
        sales: int,
        salesMinor: minor,
        cashSalesMinor: minor,
        cashInMinor: minor,
        cashOutMinor: minor,
        /** Cash paid back for returns in this shift. */
        cashRefundsMinor: minor,
        expectedCashMinor: minor,
      })
      .nullable(),
  }),
);
export type StoreTillShiftView = z.infer<typeof StoreTillShiftView>;

export const StoreShiftView = lazy(() =>
  z.object({
    /** A hub is set for this till (without one the store is this till alone). */
    hub: z.boolean(),
    connected: z.boolean(),
    tills: z.array(StoreTillShiftView),
    total: z.object({ sales: int, salesMinor: minor, expectedCashMinor: minor, openShifts: int }),
  }),
);
export type StoreShiftView = z.infer<typeof StoreShiftView>;

/** What the status bar shows of the hub: only when one is set. */
export const StoreHubStatusView = lazy(() =>
  z.object({
    connected: z.boolean(),
    downSince: z.iso.datetime().nullable(),
    /** This till's journal does not continue the hub's: nothing of it is sent (absent: it does). */
    journalBreak: JournalBreakView.optional(),
    /** The other tills' sales parked now that this till can recall; absent: none (or the hub out of reach). */
    parked: z.int().nonnegative().optional(),
  }),
);
export type StoreHubStatusView = z.infer<typeof StoreHubStatusView>;
export type TillSeenView = z.infer<typeof TillSeenView>;

/**
 * A sold line of a till's sale: the unit a return's quantity is claimed by in the store's claims
 * bucket (main/hub claims it, main/returns asks for it).
 */
export interface ReturnLineKey {
  readonly till: string;
  readonly orderId: number;
  readonly lineNo: number;
}

/** What a claim on a sold line came to; 'offline': no hub now. */
export type ReturnClaimOutcome =
  | { readonly outcome: 'claimed' | 'exceeds'; readonly claimedMilli: number }
  | { readonly outcome: 'offline' };

/** A sale parked at a till, by the journal event that parked it: the unit a recall is claimed by. */
export interface ParkedKey {
  readonly till: string;
  readonly sessionId: number;
  readonly parkSeq: number;
}

/** What a claim on a parked sale came to; 'taken': another till recalled it first. */
export type ParkedClaimOutcome =
  | { readonly outcome: 'claimed' }
  | { readonly outcome: 'taken'; readonly by: string }
  | { readonly outcome: 'offline' };
