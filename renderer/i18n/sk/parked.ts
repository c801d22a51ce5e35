import type { parked as en } from '../en/parked.ts';
import type { Translation } from '../catalogue.ts';

export const parked = {
  title: 'Odložené nákupy',
  button: 'Odložené nákupy',
  legendPark: 'Odložiť nákup, alebo vyvolať odložený',
  legendList: 'Odložené nákupy ({{count, number}})',
  parkThis: 'Odložiť tento nákup ({{lines}}, {{total}})',
  parkHint: 'Počká tu, aj po reštarte, kým ho nevyvoláte.',
  lines_one: '{{count, number}} položka',
  lines_few: '{{count, number}} položky',
  lines_many: '{{count, number}} položky',
  lines_other: '{{count, number}} položiek',
  none: 'Žiadny nákup nie je odložený.',
  listLabel: 'Odložené nákupy na vyvolanie',
  parkedAt: 'odložené {{time}}',
  noCard: 'bez karty',
  atTill: 'z pokladnice {{till}}',
  takenBy: 'vyvolala pokladnica {{till}}: už tu nie je',
  exchangeThere: 'obsahuje výmenu za doklad {{receipt}}: dokončí ho len pokladnica {{till}}',
  storeOffline: 'Bez spojenia s ostatnými pokladnicami: sú tu len nákupy odložené na tejto pokladnici.',
  recallHint: '↑ ↓ vyberte, Enter vráti nákup na pokladňu.',
  swapNote: 'Nákup, ktorý je teraz na pokladni, sa odloží namiesto neho.',
  back: 'Späť k nákupu',
  parked: 'Nákup odložený ({{lines}}, {{total}}). F10 ho vyvolá.',
  recalled: 'Vyvolaný nákup odložený {{time}} ({{lines}}, {{total}}).',
  recalledSwapped:
    'Vyvolaný nákup odložený {{time}} ({{lines}}, {{total}}). Nákup, ktorý bol na pokladni, je odložený ({{parkedLines}}, {{parkedTotal}}).',
} as const satisfies Translation<typeof en>;
