import type { parked as en } from '../en/parked.ts';
import type { Translation } from '../catalogue.ts';

export const parked = {
  title: 'Odložené nákupy',
  button: 'Odložené nákupy',
  legendPark: 'Odložit nákup, nebo vyvolat odložený',
  legendList: 'Odložené nákupy ({{count, number}})',
  parkThis: 'Odložit tento nákup ({{lines}}, {{total}})',
  parkHint: 'Počká tady, i po restartu, dokud ho nevyvoláte.',
  lines_one: '{{count, number}} položka',
  lines_few: '{{count, number}} položky',
  lines_many: '{{count, number}} položky',
  lines_other: '{{count, number}} položek',
  none: 'Žádný nákup není odložený.',
  listLabel: 'Odložené nákupy k vyvolání',
  parkedAt: 'odloženo {{time}}',
  noCard: 'bez karty',
  atTill: 'z pokladny {{till}}',
  takenBy: 'vyvolala pokladna {{till}}: už tu není',
  exchangeThere: 'obsahuje výměnu za účtenku {{receipt}}: dokončí ho jen pokladna {{till}}',
  storeOffline: 'Bez spojení s ostatními pokladnami: jsou tu jen nákupy odložené na této pokladně.',
  recallHint: '↑ ↓ vyberte, Enter vrátí nákup na pokladnu.',
  swapNote: 'Nákup, který je teď na pokladně, se odloží místo něj.',
  back: 'Zpět k nákupu',
  parked: 'Nákup odložen ({{lines}}, {{total}}). F10 ho vyvolá.',
  recalled: 'Vyvolán nákup odložený {{time}} ({{lines}}, {{total}}).',
  recalledSwapped:
    'Vyvolán nákup odložený {{time}} ({{lines}}, {{total}}). Nákup, který byl na pokladně, je odložen ({{parkedLines}}, {{parkedTotal}}).',
} as const satisfies Translation<typeof en>;
