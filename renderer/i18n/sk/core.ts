import type { core as en } from '../en/core.ts';
import type { Translation } from '../catalogue.ts';

export const core = {} as const satisfies Translation<typeof en>;
