import type { receipt as en } from '../en/receipt.ts';
import type { Translation } from '../catalogue.ts';

export const receipt = {
  receipt: 'Pokladničný doklad',
  storeDefault: 'Counter',
  reference: 'Referencia',
  confirmed: 'Objednávka č. {{id}} potvrdená inštanciou.',
  voidCancelled: 'Objednávka zrušená: tento doklad je neplatný.',
  voidDiscarded: 'Objednávka zahodená: tento doklad je neplatný.',
  notConfirmed: 'ZATIAĽ NEPOTVRDENÉ: objednávka je {{state}} a odíde sama. Túto referenciu si odložte.',
  notSentNeedsFix:
    'NEODOSLANÉ: inštancia objednávku v tejto podobe odmietla. Opravte ju v Objednávkach (F3) a odošlite znova. Túto referenciu si odložte.',
  notSentBlocked:
    'NEODOSLANÉ: inštancia tejto pokladnici objednávku nepovolila. Obráťte sa na správcu a potom ju odošlite znova z Objednávok (F3). Túto referenciu si odložte.',
  notConfirmedInDoubt:
    'NEPOTVRDENÉ: neprišla jasná odpoveď, objednávka možno na inštancii je. Kým ju odošlete znova, vyhľadajte ju tam podľa tejto referencie (Objednávky, F3).',
  notConfirmedOther:
    'NEPOTVRDENÉ: objednávka je {{state}}. Pozri Objednávky (F3). Túto referenciu si odložte.',
  stateQueued: 'v poradí',
  stateSending: 'práve odosielaná',
  stateSent: 'odoslaná',
  stateNeedsFix: 'na opravu',
  stateBlocked: 'nepovolená',
  stateInDoubt: 'možno odoslaná',
  stateDiscarded: 'zahodená',
  stateCancelled: 'zrušená',
  lineUnitPrice: '× {{price}}',
  lineDiscount: '(−{{amount}})',
  minusAmount: '−{{amount}}',
  linePercent: '· {{value, number}} %',
  discount: 'Zľava',
  total: 'SPOLU',
  cashGiven: 'Prijaté v hotovosti',
  change: 'Vydané',
  paidByCard: 'Platené kartou',
  walkInCustomer: 'Anonymný zákazník: {{name}}',
  customer: 'Zákazník: {{name}}',
  companyNumber: 'Firma {{id}}',
  pricedFromCatalog: 'Zo súboru objednávky: ceny podľa cenníka obchodu v čase vystavenia dokladu.',
  thankYou: 'Ďakujeme za nákup',
  receiptError: 'Doklad: {{error}}',
  printReceipt: 'Vytlačiť bloček',
  printHint: 'Tlačí sa cez systémový dialóg tlače; pre PDF tam zvoľte „Uložiť ako PDF“.',
  dialogTitle: 'Pokladničný doklad · objednávka č. {{id}}',
  print: 'Tlačiť',
  close: 'Zavrieť',
  receiptOfOrder: 'Pokladničný doklad objednávky {{id}}',
} as const satisfies Translation<typeof en>;
