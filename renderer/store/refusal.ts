// What the till already knows would refuse a sale, asked when F9 (or Place order) would open the
// payment panel: a refusal the till can foresee comes before the customer pays, never after. Known
// before the order is stored: whether the instance lets this till create orders (the status bar's
// orderPermission, from the connection test, the probe when the instance comes online, or an order's
// 403); the core's own refusals at closing (a line without an amount, no warehouse); and who the
// sale goes to (a scanned card or the walk-in customer: SPEC.md's order needs a customer). Pure: the
// words come from the catalogue.
import type { SessionView, SettingsView, StatusView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';

/** The permission an internet order needs (README: the client role's permissions). */
const ORDERS_CREATE = 'Permissions.Orders.Create';

/** Why this sale cannot be placed now, with what to do, or null when nothing known stands in its way. */
export function refusalBeforePayment(
  session: Pick<SessionView, 'customer' | 'walkIn' | 'lines' | 'warehouseId'>,
  status: (Pick<StatusView, 'orderPermission'> & Partial<Pick<StatusView, 'signInNeeded'>>) | null,
  settings: Pick<SettingsView, 'walkInChosen'> | null,
): string | null {
  // Nothing at the till cures this one: it comes first.
  if (status?.orderPermission === 'lacking') {
    return i18n.t('sale:refusedNoOrderPermission', { permission: ORDERS_CREATE });
  }
  // Nobody signed in at a till with cashiers: the core records no sale (main/counter 'signed-out').
  if (status?.signInNeeded === true) return i18n.t('core:signedOut');
  // The core refuses these at Enter (main/counter/counter.ts close): said here in the same words.
  const unpriced = session.lines.find((l) => l.problem !== undefined);
  if (unpriced !== undefined) return i18n.t('core:unpricedLine', { name: unpriced.name });
  if (session.warehouseId === null) return i18n.t('core:noWarehouse');
  if (session.customer === null && (session.walkIn ?? null) === null) {
    return settings?.walkInChosen === true
      ? i18n.t('sale:refusedCardNeeded')
      : i18n.t('sale:refusedNoCustomer');
  }
  return null;
}
