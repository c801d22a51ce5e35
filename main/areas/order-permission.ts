// Whether this till may create orders on the instance in use, as last learnt, so that the Sale
// screen can refuse a sale before the customer pays instead of its order being blocked after. Three
// things tell: the connection test's order probe, the same probe when the instance comes online (an
// empty order, which the instance refuses as invalid when the role may create orders: nothing is
// written; docs/assumptions.md, "Connection test"), and an order's own answer.
//
// The probe's 400 means "granted" only on an instance that checks the role before the body. One that
// checks the body first answers the empty order 400 whatever the role: there, the probe says nothing.
// Which kind an instance is shows when an order is refused for the permission (403): the probe asked
// at once with the same credentials answers 403 on the first kind and 400 on the second.
import type { OutboxOrder } from '../outbox/index.ts';
import type { PermissionCheck, StatusView } from '../../contract/contract.ts';

export type OrderPermission = StatusView['orderPermission'];

/** The permission an internet order needs (README: the client role's permissions). */
export const ORDERS_CREATE = 'Permissions.Orders.Create';

/**
 * What an order's answer says of it: stored means granted; blocked by a 403 naming the order
 * permission means lacking. Anything else (queued, in doubt, refused as invalid) says nothing.
 */
export function permissionOfOrder(
  order: Pick<OutboxOrder, 'state' | 'permission'>,
): OrderPermission | undefined {
  if (order.state === 'sent') return 'granted';
  if (order.state === 'blocked' && order.permission === ORDERS_CREATE) return 'lacking';
  return undefined;
}

/** What a probe found: granted or lacking. Unknown (no answer, endpoint absent) leaves the last word. */
export function permissionOfCheck(check: PermissionCheck | undefined): OrderPermission | undefined {
  return check === undefined || check.status === 'unknown' ? undefined : check.status;
}

/** Where a finding came from: the empty-order probe (on coming online, Test connection) or an order's answer. */
export type PermissionSource = 'probe' | 'order';

/** What the till knows of its order permission on one instance, and whether that instance's probe tells. */
export class OrderPermissionKnowledge {
  #now: OrderPermission = 'unknown';
  #probeTells = true;
  /** An order was refused for the permission and no probe has answered since. */
  #refusedUnprobed = false;

  get now(): OrderPermission {
    return this.#now;
  }

  /** False once the probe answered 400 right after an order was refused for the permission. */
  get probeTells(): boolean {
    return this.#probeTells;
  }

  /**
   * Takes a finding; true when what the status bar shows changed. The first probe to answer after
   * an order's 403 (the one asked at once, unless another came first) shows whether the probe tells.
   */
  learn(found: OrderPermission, source: PermissionSource): boolean {
    const before = this.#now;
    if (source === 'order') {
      this.#now = found;
      this.#refusedUnprobed = found === 'lacking';
    } else if (this.#refusedUnprobed) {
      // The order's 403 stands either way; the probe's answer to the same question shows its worth.
      this.#refusedUnprobed = false;
      this.#probeTells = found === 'lacking';
    } else if (found === 'lacking') {
      // A 403 to an empty order: this instance checks the role first, so its 400 can be trusted too.
      this.#probeTells = true;
      this.#now = found;
    } else if (this.#probeTells) {
      this.#now = found;
    }
    return this.#now !== before;
  }

  /** Another instance: nothing known of it. */
  reset(): void {
    this.#now = 'unknown';
    this.#probeTells = true;
    this.#refusedUnprobed = false;
  }
}
