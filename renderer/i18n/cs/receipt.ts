import type { receipt as en } from '../en/receipt.ts';
import type { Translation } from '../catalogue.ts';

export const receipt = {
  receipt: 'Účtenka',
  storeDefault: 'Counter',
  reference: 'Reference',
  confirmed: 'Objednávka č. {{id}} potvrzena instancí.',
  voidCancelled: 'Objednávka zrušena: tato účtenka je neplatná.',
  voidDiscarded: 'Objednávka zahozena: tato účtenka je neplatná.',
  notConfirmed: 'ZATÍM NEPOTVRZENO: objednávka je {{state}} a odejde sama. Tuto referenci si uschovejte.',
  notSentNeedsFix:
    'NEODESLÁNO: instance objednávku v této podobě odmítla. Opravte ji v Objednávkách (F3) a odešlete znovu. Tuto referenci si uschovejte.',
  notSentBlocked:
    'NEODESLÁNO: instance této pokladně objednávku nepovolila. Obraťte se na správce a pak ji odešlete znovu z Objednávek (F3). Tuto referenci si uschovejte.',
  notConfirmedInDoubt:
    'NEPOTVRZENO: nepřišla jasná odpověď, objednávka možná na instanci je. Než ji odešlete znovu, vyhledejte ji tam podle této reference (Objednávky, F3).',
  notConfirmedOther:
    'NEPOTVRZENO: objednávka je {{state}}. Viz Objednávky (F3). Tuto referenci si uschovejte.',
  stateQueued: 've frontě',
  stateSending: 'právě odesílána',
  stateSent: 'odeslána',
  stateNeedsFix: 'k opravě',
  stateBlocked: 'nepovolena',
  stateInDoubt: 'možná odeslána',
  stateDiscarded: 'zahozena',
  stateCancelled: 'zrušena',
  lineUnitPrice: '× {{price}}',
  lineDiscount: '(−{{amount}})',
  minusAmount: '−{{amount}}',
  linePercent: '· {{value, number}} %',
  discount: 'Sleva',
  total: 'CELKEM',
  cashGiven: 'Přijato hotově',
  change: 'Vráceno',
  paidByCard: 'Placeno kartou',
  walkInCustomer: 'Anonymní zákazník: {{name}}',
  customer: 'Zákazník: {{name}}',
  companyNumber: 'Firma {{id}}',
  pricedFromCatalog: 'Z objednávkového souboru: ceny podle ceníku obchodu v době vystavení účtenky.',
  thankYou: 'Děkujeme za nákup',
  receiptError: 'Účtenka: {{error}}',
  printReceipt: 'Vytisknout účtenku',
  printHint: 'Tiskne se přes systémový dialog tisku; pro PDF tam zvolte „Uložit jako PDF“.',
  dialogTitle: 'Účtenka · objednávka č. {{id}}',
  print: 'Tisk',
  close: 'Zavřít',
  receiptOfOrder: 'Účtenka objednávky {{id}}',
} as const satisfies Translation<typeof en>;
