// The returns' calls (returns.*): the till's returns as Orders lists them, one return's receipt, a
// reprint through the receipt printer's queue and a print through the system dialog counted.
import { say } from '../../contract/core-words.ts';
import { ReturnView as ReturnContractView } from '../../contract/returns.ts';
import type { PrintJobView } from '../../contract/contract.ts';
import type { Db } from '../../db/database.ts';
import { allReturns, countReturnPrint, getReturn } from '../../db/returns.ts';
import { getCashier } from '../../db/cashiers.ts';
import { CoreError, numericId, type GuardedAction, type Handlers } from '../ground/index.ts';
import { ReturnError } from './returns.ts';
import { markReturnBooked, settleReturn } from './settle.ts';
import { viewOf, type ReturnView } from './view.ts';

export interface ReturnsDeps {
  db(): Db;
  /**
   * Queues a reprint of return `id`'s receipt on the receipt printer and wakes its worker (CoreError
   * 'not-configured' when no printer is set: the screen prints through the system dialog then).
   */
  reprint(id: number): PrintJobView;
  /** Throws (CoreError 'locked') while a manager PIN guards `what` and was not given. */
  guard(what: GuardedAction): void;
  now(): Date;
}

export type ReturnsCalls =
  | 'returns.list'
  | 'returns.get'
  | 'returns.reprint'
  | 'returns.printed'
  | 'returns.markBooked'
  | 'returns.settle';

export function returnsHandlers(deps: ReturnsDeps): Pick<Handlers, ReturnsCalls> {
  const view = (id: number | string): ReturnContractView => {
    const db = deps.db();
    const n = numericId(id);
    const row = getReturn(db, n);
    if (row === undefined) throw new CoreError('not-found', [say('returnNotFound', { id: String(id) })]);
    return withCashier(db, viewOf(db, row));
  };
  return {
    'returns.list': () => {
      const db = deps.db();
      return Promise.resolve(allReturns(db).map((r) => withCashier(db, viewOf(db, r))));
    },
    'returns.get': ({ id }) => Promise.resolve(view(id)),
    'returns.reprint': ({ id }) => {
      const n = view(id).id;
      return Promise.resolve(deps.reprint(n));
    },
    'returns.printed': ({ id }) => {
      const n = view(id).id;
      countReturnPrint(deps.db(), n);
      return Promise.resolve(view(n));
    },
    'returns.markBooked': ({ id }) => {
      deps.guard('lockedReturnBooked');
      const n = view(id).id;
      refused(() => markReturnBooked(deps.db(), n, deps.now()));
      return Promise.resolve(view(n));
    },
    'returns.settle': ({ id, deleted }) => {
      deps.guard('lockedReturnSettle');
      const n = view(id).id;
      refused(() => settleReturn(deps.db(), n, deleted, deps.now()));
      return Promise.resolve(view(n));
    },
  };
}

/** The view as the contract gives it, naming who took it back. */
function withCashier(db: Db, v: ReturnView): ReturnContractView {
  const name = v.cashierId === null ? undefined : getCashier(db, v.cashierId)?.name;
  return ReturnContractView.parse(name === undefined ? v : { ...v, cashierName: name });
}

/** A return's refusal as the screens say it. */
function refused(act: () => unknown): void {
  try {
    act();
  } catch (error) {
    if (error instanceof ReturnError) throw new CoreError('rejected', [...error.said]);
    throw error;
  }
}
