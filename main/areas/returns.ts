// The returns area as the app and `pos return` build it: returns over the data folder's database,
// numbered with the till's receipt prefix, rounding cash as the till does, asking the manager beyond
// Settings' limits; and, where an outbox and the instance's description are at hand, the router that
// takes each return's document to the instance (main/returns/route.ts).
import type { Db } from '../../db/database.ts';
import { commonCurrency } from '../../db/catalog/index.ts';
import { cashStep } from '../../contract/contract.ts';
import { minorOf } from '../../common/money.ts';
import { ReturnRouter, Returns, type RouteOutbox, type RouteService } from '../returns/index.ts';
import type { ShiftPolicy } from '../shift/index.ts';
import type { SettingsStore } from '../settings/store.ts';

export interface ReturnsNeeds {
  readonly db: Db;
  readonly settings: SettingsStore;
  readonly shiftPolicy?: () => ShiftPolicy;
  readonly now?: () => Date;
  /** Where documents go; without them returns wait, stored, for a shell that has them. */
  readonly service?: RouteService;
  readonly outbox?: RouteOutbox;
  readonly log?: (line: string) => void;
}

export interface ReturnsArea {
  readonly returns: Returns;
  readonly router: ReturnRouter | null;
}

export function buildReturns(needs: ReturnsNeeds): ReturnsArea {
  const { db, settings } = needs;
  const router =
    needs.service === undefined || needs.outbox === undefined
      ? null
      : new ReturnRouter({
          db,
          service: needs.service,
          outbox: needs.outbox,
          ...(needs.now === undefined ? {} : { now: needs.now }),
          ...(needs.log === undefined ? {} : { log: needs.log }),
        });
  const returns = new Returns({
    db,
    ...(needs.now === undefined ? {} : { now: needs.now }),
    prefix: () => settings.read().receiptPrefix,
    cashStep: () => {
      const s = settings.read();
      return cashStep(s.cashRounding, s.priceCurrency ?? commonCurrency(db) ?? null);
    },
    ...(needs.shiftPolicy === undefined ? {} : { shiftPolicy: needs.shiftPolicy }),
    limits: () => {
      const s = settings.read();
      return { amountMinor: minorOf(s.returnAmountLimit) ?? 0, days: s.returnDaysLimit };
    },
    stored: () => {
      router?.routeWaiting().catch((error: unknown) => needs.log?.(`returns: ${String(error)}`));
    },
  });
  return { returns, router };
}
