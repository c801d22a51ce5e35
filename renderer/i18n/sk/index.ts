// Slovak, in the words a Slovak till uses (predaj, sklad, objednávky, nastavenia, zákazník, bloček).
import type { en } from '../en/index.ts';
import { common } from './common.ts';

export const sk = { common } as const satisfies Record<keyof typeof en, object>;
