// Czech, in the words a Czech till uses (prodej, sklad, objednávky, nastavení, zákazník, účtenka).
import type { en } from '../en/index.ts';
import { common } from './common.ts';

export const cs = { common } as const satisfies Record<keyof typeof en, object>;
