// Whether this till may create orders on the instance in use, as last learnt, so that the Sale
// screen can refuse a sale before the customer pays instead of its order being blocked after. Three
// things tell: the connection test's order probe, the same probe when the instance comes online (an
// empty order, which the instance refuses as invalid when the role may create orders: nothing is
// written; docs/assumptions.md, "Connection test"), and an order's own answer.
import type { OutboxOrder } from '../../db/outbox.ts';
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
