import type { stock as en } from '../en/stock.ts';
import type { Translation } from '../catalogue.ts';

export const stock = {
  stockLabel: 'Sklad',
  searchStock: 'Hledat ve skladu',
  searchPlaceholder: 'Čárový kód, kód zboží nebo název',
  dataFrom: 'Aktualizováno: {{age}}',
  products_one: '{{count, number}} produkt',
  products_few: '{{count, number}} produkty',
  products_many: '{{count, number}} produktu',
  products_other: '{{count, number}} produktů',
  tooManyProducts: '{{limit, number}}+ produktů, upřesněte hledání',
  typeToSearch: 'napište čárový kód, kód zboží nebo název',
  product: 'Zboží {{id}}',
  warehouse: 'Sklad',
  inStock: 'Skladem',
  available: 'K dispozici',
  blocked: 'Blokováno',
  ordered: 'Objednáno',
  thisCounter: '(tato pokladna)',
  soldHereNote: '{{available}} · od poslední synchronizace zde prodáno {{sold}}',
  returnedHereNote: '{{available}} · od poslední synchronizace zde vráceno {{returned}}',
  soldHereExplained:
    'Prodáno na této pokladně od synchronizace údajů: instance to v nich ještě nezapočítala.',
  soldInStoreNote: '{{available}} · prodáno v obchodě od poslední synchronizace: {{sold}} ({{tills}})',
  soldInStoreTill: '{{till}}: {{sold}}',
  soldInStoreHere: 'tato pokladna: {{sold}}',
  soldInStoreExplained:
    'Prodáno (bez vráceného) na této a na ostatních pokladnách obchodu od synchronizace údajů, pokud to tato pokladna už ví od obchodního uzlu: instance to v nich ještě nezapočítala.',
} as const satisfies Translation<typeof en>;
