import type { common as en } from '../en/common.ts';
import type { Translation } from '../catalogue.ts';

export const common = {
  screens: 'Obrazovky',
  screenSale: 'Prodej',
  screenStock: 'Sklad',
  screenOrders: 'Objednávky',
  screenSettings: 'Nastavení',
  somethingWentWrong: 'Něco se pokazilo.',
  never: 'nikdy',
  unknown: 'neznámo',
  lines_one: '{{count, number}} řádek',
  lines_few: '{{count, number}} řádky',
  lines_many: '{{count, number}} řádku',
  lines_other: '{{count, number}} řádků',
} as const satisfies Translation<typeof en>;
