import type { scanner as en } from '../en/scanner.ts';
import type { Translation } from '../catalogue.ts';

export const scanner = {} as const satisfies Translation<typeof en>;
