import type { sale as en } from '../en/sale.ts';
import type { Translation } from '../catalogue.ts';

export const sale = {} as const satisfies Translation<typeof en>;
