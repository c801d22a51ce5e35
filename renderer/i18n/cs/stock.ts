import type { stock as en } from '../en/stock.ts';
import type { Translation } from '../catalogue.ts';

export const stock = {} as const satisfies Translation<typeof en>;
