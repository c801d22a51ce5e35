import type { settings as en } from '../en/settings.ts';
import type { Translation } from '../catalogue.ts';

export const settings = {} as const satisfies Translation<typeof en>;
