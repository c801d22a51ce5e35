// Czech, in the words a Czech till uses (prodej, sklad, objednávky, nastavení, zákazník, účtenka).
import type { en } from '../en/index.ts';
import { common } from './common.ts';
import { sale } from './sale.ts';
import { receipt } from '../../../common/words/cs.ts';
import { orders } from './orders.ts';
import { stock } from './stock.ts';
import { settings } from './settings.ts';
import { scanner } from './scanner.ts';
import { core } from './core.ts';
import { parked } from './parked.ts';
import { shift } from './shift.ts';
import { serial } from './serial.ts';
import { store } from './store.ts';
import { returns } from './returns.ts';
import { cards } from './cards.ts';

export const cs = {
  common,
  sale,
  receipt,
  orders,
  stock,
  settings,
  scanner,
  core,
  parked,
  shift,
  serial,
  store,
  returns,
  cards,
} as const satisfies Record<keyof typeof en, object>;
