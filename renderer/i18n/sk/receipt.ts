import type { receipt as en } from '../en/receipt.ts';
import type { Translation } from '../catalogue.ts';

export const receipt = {} as const satisfies Translation<typeof en>;
