import type { stock as en } from '../en/stock.ts';
import type { Translation } from '../catalogue.ts';

export const stock = {
  stockLabel: 'Sklad',
  searchStock: 'Hľadať na sklade',
  searchPlaceholder: 'Čiarový kód, kód tovaru alebo názov',
  dataFrom: 'Aktualizované: {{age}}',
  products_one: '{{count, number}} produkt',
  products_few: '{{count, number}} produkty',
  products_many: '{{count, number}} produktu',
  products_other: '{{count, number}} produktov',
  tooManyProducts: '{{limit, number}}+ produktov, spresnite hľadanie',
  typeToSearch: 'napíšte čiarový kód, kód tovaru alebo názov',
  product: 'Tovar {{id}}',
  warehouse: 'Sklad',
  inStock: 'Na sklade',
  available: 'K dispozícii',
  blocked: 'Blokované',
  ordered: 'Objednané',
  thisCounter: '(táto pokladnica)',
  soldHereNote: '{{available}} · od poslednej synchronizácie tu predané {{sold}}',
  returnedHereNote: '{{available}} · od poslednej synchronizácie tu vrátené {{returned}}',
  soldHereExplained:
    'Predané na tejto pokladnici od synchronizácie údajov: inštancia to v nich ešte nezapočítala.',
  soldInStoreNote: '{{available}} · predané v obchode od poslednej synchronizácie: {{sold}} ({{tills}})',
  soldInStoreTill: '{{till}}: {{sold}}',
  soldInStoreHere: 'táto pokladnica: {{sold}}',
  soldInStoreExplained:
    'Predané (bez vráteného) na tejto a na ostatných pokladniciach obchodu od synchronizácie údajov, pokiaľ to táto pokladnica už vie od obchodného uzla: inštancia to v nich ešte nezapočítala.',
} as const satisfies Translation<typeof en>;
