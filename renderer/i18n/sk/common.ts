import type { common as en } from '../en/common.ts';
import type { Translation } from '../catalogue.ts';

export const common = {
  screens: 'Obrazovky',
  screenSale: 'Predaj',
  screenStock: 'Sklad',
  screenOrders: 'Objednávky',
  screenSettings: 'Nastavenia',
  somethingWentWrong: 'Niečo sa pokazilo.',
  never: 'nikdy',
  unknown: 'neznáme',
  lines_one: '{{count, number}} riadok',
  lines_few: '{{count, number}} riadky',
  lines_many: '{{count, number}} riadku',
  lines_other: '{{count, number}} riadkov',
} as const satisfies Translation<typeof en>;
