// Slovak, in the words a Slovak till uses (predaj, sklad, objednávky, nastavenia, zákazník, bloček).
// The folder's namespaces, re-exported: this module is the language's catalogue (i18n/index.ts).
export { common } from './common.ts';
export { sale } from './sale.ts';
export { receipt } from '../../../common/words/sk.ts';
export { orders } from './orders.ts';
export { stock } from './stock.ts';
export { settings } from './settings.ts';
export { scanner } from './scanner.ts';
export { core } from './core.ts';
export { parked } from './parked.ts';
export { shift } from './shift.ts';
export { serial } from './serial.ts';
export { store } from './store.ts';
export { returns } from './returns.ts';
export { cards } from './cards.ts';
