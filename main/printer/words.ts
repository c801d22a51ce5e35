// The printed receipt's words in the languages Counter speaks. The main process prints without the
// screens (a sale placed headless prints too), so it cannot ask the renderer's catalogues; the words
// a receipt shares with the screen are the same text as renderer/i18n/<lang>/receipt.ts and sale.ts
// (words.test.ts holds them to it), and the rest are the printer's own (copy mark, test page).

export type PrintLanguage = 'cs' | 'sk' | 'en';

const en = {
  // as the receipt on screen says them (renderer/i18n/en/receipt.ts)
  storeDefault: 'Counter',
  receiptNumber: 'Receipt no.',
  copy: 'COPY',
  sellerRegistration: 'Company ID: {{value}}',
  sellerVat: 'VAT ID: {{value}}',
  premises: 'Store: {{name}}',
  reference: 'Reference',
  voidCancelled: 'Order cancelled: this receipt is void.',
  voidDiscarded: 'Order discarded: this receipt is void.',
  discount: 'Discount',
  total: 'TOTAL',
  cashGiven: 'Cash given',
  change: 'Change',
  paidByCard: 'Paid by card',
  paidInCash: 'Paid in cash',
  customer: 'Customer: {{name}}',
  pricedFromCatalog: "From an order file: priced from the store's price list when this receipt was made.",
  thankYou: 'Thank you',
  // the VAT table's head (renderer/i18n/en/sale.ts)
  vatRate: 'Rate',
  vatBase: 'Base',
  vatAmount: 'VAT',
  vatGross: 'Gross',
  // the printer's own
  copyInterrupted: 'COPY: the first printing was interrupted and may have printed.',
  testPage: 'Test page',
  testPrinter: 'Printer: {{printer}}',
  testPaper: 'Paper {{paper}}, {{columns}} characters a line',
  testEnd: 'If all of the above reads right, receipts will too.',
};

export type PrintWords = { readonly [K in keyof typeof en]: string };

const cs: PrintWords = {
  storeDefault: 'Counter',
  receiptNumber: 'Účtenka č.',
  copy: 'KOPIE',
  sellerRegistration: 'IČO: {{value}}',
  sellerVat: 'DIČ: {{value}}',
  premises: 'Provozovna: {{name}}',
  reference: 'Reference',
  voidCancelled: 'Objednávka zrušena: tato účtenka je neplatná.',
  voidDiscarded: 'Objednávka zahozena: tato účtenka je neplatná.',
  discount: 'Sleva',
  total: 'CELKEM',
  cashGiven: 'Přijato hotově',
  change: 'Vráceno',
  paidByCard: 'Placeno kartou',
  paidInCash: 'Placeno hotově',
  customer: 'Zákazník: {{name}}',
  pricedFromCatalog: 'Z objednávkového souboru: ceny podle ceníku obchodu v době vystavení účtenky.',
  thankYou: 'Děkujeme za nákup',
  vatRate: 'Sazba',
  vatBase: 'Základ',
  vatAmount: 'DPH',
  vatGross: 'Celkem',
  copyInterrupted: 'KOPIE: první tisk byl přerušen a možná proběhl.',
  testPage: 'Zkušební stránka',
  testPrinter: 'Tiskárna: {{printer}}',
  testPaper: 'Papír {{paper}}, {{columns}} znaků na řádek',
  testEnd: 'Čte-li se vše výše správně, budou i účtenky.',
};

const sk: PrintWords = {
  storeDefault: 'Counter',
  receiptNumber: 'Pokladničný doklad č.',
  copy: 'KÓPIA',
  sellerRegistration: 'IČO: {{value}}',
  sellerVat: 'IČ DPH: {{value}}',
  premises: 'Prevádzka: {{name}}',
  reference: 'Referencia',
  voidCancelled: 'Objednávka zrušená: tento doklad je neplatný.',
  voidDiscarded: 'Objednávka zahodená: tento doklad je neplatný.',
  discount: 'Zľava',
  total: 'SPOLU',
  cashGiven: 'Prijaté v hotovosti',
  change: 'Vydané',
  paidByCard: 'Platené kartou',
  paidInCash: 'Platené v hotovosti',
  customer: 'Zákazník: {{name}}',
  pricedFromCatalog: 'Zo súboru objednávky: ceny podľa cenníka obchodu v čase vystavenia dokladu.',
  thankYou: 'Ďakujeme za nákup',
  vatRate: 'Sadzba',
  vatBase: 'Základ',
  vatAmount: 'DPH',
  vatGross: 'Spolu',
  copyInterrupted: 'KÓPIA: prvá tlač bola prerušená a možno prebehla.',
  testPage: 'Skúšobná strana',
  testPrinter: 'Tlačiareň: {{printer}}',
  testPaper: 'Papier {{paper}}, {{columns}} znakov na riadok',
  testEnd: 'Ak sa všetko vyššie číta správne, budú aj doklady.',
};

export const PRINT_WORDS: Readonly<Record<PrintLanguage, PrintWords>> = { cs, sk, en };

/** The locale amounts and dates are printed in. */
export const PRINT_LOCALE: Readonly<Record<PrintLanguage, string>> = {
  cs: 'cs-CZ',
  sk: 'sk-SK',
  en: 'en-GB',
};

/** `text` with each `{{name}}` replaced by its value. */
export function fill(text: string, values: Readonly<Record<string, string>> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The language a receipt is printed in: the screens' (Settings), and for 'system' the OS's when
 * Counter speaks it, else English (as the screens choose).
 */
export function printLanguage(choice: 'system' | PrintLanguage, osLocale: string): PrintLanguage {
  if (choice !== 'system') return choice;
  const primary = osLocale.toLowerCase().split(/[-_]/)[0];
  return primary === 'cs' || primary === 'sk' ? primary : 'en';
}

/** The shift's X and Z reports on paper: the printer's own words (the screens' report is main/shift's). */
const reportEn = {
  reportX: 'X REPORT (SO FAR)',
  reportZ: 'Z REPORT (SHIFT CLOSED)',
  shiftNumber: 'Shift {{id}}',
  opened: 'Opened {{at}}',
  closed: 'Closed {{at}}',
  taken: 'Figures as at {{at}}',
  float: 'Float',
  sales: 'Sales: {{count}}',
  salesGross: 'Sales total',
  byMethod: 'By payment',
  methodCash: 'Cash',
  methodCard: 'Card',
  methodUnsaid: 'Not said',
  rounding: 'Cash rounding',
  byCashier: 'By cashier',
  noCashier: 'No cashier',
  voids: 'Voided sales: {{count}}',
  cancelled: 'Cancelled on the instance: {{count}}',
  cashRefunded: 'Cash refunded',
  cashTaken: 'Cash taken',
  changeGiven: 'Change given',
  paidIn: 'Paid in',
  paidOut: 'Paid out',
  expected: 'Expected cash',
  counted: 'Counted cash',
  difference: 'Difference',
  overLimitApproved: 'Over the limit of {{limit}}: approved by the manager.',
  overLimit: 'Over the limit of {{limit}}.',
  drawerOpenings: 'Drawer opened without a sale: {{count}}',
  receiptNumbers: 'Receipt numbers {{first}} to {{last}}',
  orders: 'Orders on the instance: {{placed}}',
  ordersAcknowledged: 'acknowledged: {{count}}',
  ordersQueued: 'waiting to be sent: {{count}}',
  ordersInDoubt: 'in doubt: {{count}}',
  ordersNeedsFix: 'to fix: {{count}}',
  ordersBlocked: 'not allowed: {{count}}',
  ordersNotAll: 'Not every sale of this shift is on the instance yet: see Orders.',
};

export type ReportWords = { readonly [K in keyof typeof reportEn]: string };

const reportCs: ReportWords = {
  reportX: 'X-REPORT (PRŮBĚŽNÝ)',
  reportZ: 'Z-REPORT (UZÁVĚRKA SMĚNY)',
  shiftNumber: 'Směna č. {{id}}',
  opened: 'Otevřena {{at}}',
  closed: 'Uzavřena {{at}}',
  taken: 'Stav k {{at}}',
  float: 'Počáteční hotovost',
  sales: 'Prodeje: {{count}}',
  salesGross: 'Tržba celkem',
  byMethod: 'Podle platby',
  methodCash: 'Hotově',
  methodCard: 'Kartou',
  methodUnsaid: 'Neuvedeno',
  rounding: 'Zaokrouhlení hotovosti',
  byCashier: 'Podle pokladních',
  noCashier: 'Bez pokladní',
  voids: 'Stornované nákupy: {{count}}',
  cancelled: 'Zrušené na instanci: {{count}}',
  cashRefunded: 'Vrácená hotovost',
  cashTaken: 'Přijatá hotovost',
  changeGiven: 'Vráceno zákazníkům',
  paidIn: 'Vklady',
  paidOut: 'Výběry',
  expected: 'Očekávaná hotovost',
  counted: 'Napočítaná hotovost',
  difference: 'Rozdíl',
  overLimitApproved: 'Nad limit {{limit}}: schválil vedoucí.',
  overLimit: 'Nad limit {{limit}}.',
  drawerOpenings: 'Zásuvka otevřena bez prodeje: {{count}}',
  receiptNumbers: 'Účtenky č. {{first}} až {{last}}',
  orders: 'Objednávky na instanci: {{placed}}',
  ordersAcknowledged: 'potvrzeno: {{count}}',
  ordersQueued: 'čeká na odeslání: {{count}}',
  ordersInDoubt: 'nejisté: {{count}}',
  ordersNeedsFix: 'k opravě: {{count}}',
  ordersBlocked: 'nepovoleno: {{count}}',
  ordersNotAll: 'Ne všechny prodeje této směny jsou zatím na instanci: viz Objednávky.',
};

const reportSk: ReportWords = {
  reportX: 'X-REPORT (PRIEBEŽNÝ)',
  reportZ: 'Z-REPORT (UZÁVIERKA ZMENY)',
  shiftNumber: 'Zmena č. {{id}}',
  opened: 'Otvorená {{at}}',
  closed: 'Uzavretá {{at}}',
  taken: 'Stav k {{at}}',
  float: 'Počiatočná hotovosť',
  sales: 'Predaje: {{count}}',
  salesGross: 'Tržba spolu',
  byMethod: 'Podľa platby',
  methodCash: 'V hotovosti',
  methodCard: 'Kartou',
  methodUnsaid: 'Neuvedené',
  rounding: 'Zaokrúhlenie hotovosti',
  byCashier: 'Podľa pokladníkov',
  noCashier: 'Bez pokladníka',
  voids: 'Stornované nákupy: {{count}}',
  cancelled: 'Zrušené na inštancii: {{count}}',
  cashRefunded: 'Vrátená hotovosť',
  cashTaken: 'Prijatá hotovosť',
  changeGiven: 'Vydané zákazníkom',
  paidIn: 'Vklady',
  paidOut: 'Výbery',
  expected: 'Očakávaná hotovosť',
  counted: 'Napočítaná hotovosť',
  difference: 'Rozdiel',
  overLimitApproved: 'Nad limit {{limit}}: schválil vedúci.',
  overLimit: 'Nad limit {{limit}}.',
  drawerOpenings: 'Zásuvka otvorená bez predaja: {{count}}',
  receiptNumbers: 'Doklady č. {{first}} až {{last}}',
  orders: 'Objednávky na inštancii: {{placed}}',
  ordersAcknowledged: 'potvrdené: {{count}}',
  ordersQueued: 'čaká na odoslanie: {{count}}',
  ordersInDoubt: 'neisté: {{count}}',
  ordersNeedsFix: 'na opravu: {{count}}',
  ordersBlocked: 'nepovolené: {{count}}',
  ordersNotAll: 'Nie všetky predaje tejto zmeny sú zatiaľ na inštancii: pozri Objednávky.',
};

export const REPORT_WORDS: Readonly<Record<PrintLanguage, ReportWords>> = {
  cs: reportCs,
  sk: reportSk,
  en: reportEn,
};
