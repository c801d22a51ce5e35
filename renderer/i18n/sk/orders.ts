import type { orders as en } from '../en/orders.ts';
import type { Translation } from '../catalogue.ts';

export const orders = {} as const satisfies Translation<typeof en>;
