import type { orders as en } from '../en/orders.ts';
import type { Translation } from '../catalogue.ts';

export const orders = {
  // The screen
  ordersLabel: 'Objednávky',
  sendQueuedNow: 'Odoslať čakajúce hneď',
  noOrdersYet: 'Zatiaľ žiadne objednávky.',
  noOrderMatches: 'Žiadna objednávka nevyhovuje.',
  reference: 'Referencia:',
  sendAgainInDoubt: 'Na inštancii nie je: odoslať znova',
  sendAgainBlocked: 'Oprávnenie udelené: odoslať znova',
  discard: 'Zahodiť',
  cancelOnInstance: 'Stornovať na inštancii',
  foundAsOrderId: 'Nájdená na inštancii ako objednávka č.',
  markFoundAsSent: 'Nájdená: označiť ako odoslanú',
  // The fix form of a needs-fix order
  fieldCustomer: 'Zákazník',
  fieldWarehouse: 'Sklad',
  fieldItem: 'Položka {{index, number}}',
  fieldId: 'ID',
  nameNotKnown: 'Pod týmto ID nie je v offline katalógu',
  productNameCode: '{{name}} · {{code}}',
  fieldQuantity: 'Množstvo',
  fieldNote: 'Poznámka',
  fieldNotWholeNumber: 'Len číslice: celé číslo.',
  fieldNotQuantity: 'Len číslice, desatinné miesta za čiarkou alebo bodkou (2 alebo 1,5).',
  resend: 'Odoslať znova',
  fixFindCustomer: 'Nájsť firmu podľa názvu',
  fixFindProduct: 'Nájsť tovar podľa názvu, kódu alebo čiarového kódu',
  fixNoMatch: 'Nič známe nezodpovedá.',
  fixNoName: 'Bez názvu',
  fixRemoveItem: 'Odobrať položku {{index, number}}',
  fixLastItem: 'Objednávka má aspoň jednu položku: inak ju zahoďte.',
  // A ticket (a row of the list)
  stateQueued: 'Čaká',
  stateSending: 'Odosiela sa',
  stateSent: 'Odoslané',
  stateNeedsFix: 'Na opravu',
  stateBlocked: 'Nepovolené',
  stateInDoubt: 'Možno odoslané',
  stateDiscarded: 'Zahodené',
  stateCancelled: 'Stornované',
  lines_one: '{{count, number}} položka',
  lines_few: '{{count, number}} položky',
  lines_many: '{{count, number}} položky',
  lines_other: '{{count, number}} položiek',
  company: 'Firma {{id}}',
  noCustomer: 'Bez zákazníka',
  walkIn: '(anonymný zákazník)',
  instanceId: 'na inštancii č. {{id}}',
  instanceSays: 'Inštancia hovorí:',
  appRecord: 'Záznam aplikácie, po anglicky pre správcu:',
  technicalDetail: 'Technické podrobnosti',
  attempts: 'Pokusy: {{attempts, number}}',
  // The filter and the search
  showOrders: 'Zobraziť objednávky',
  filterAll: 'Všetky',
  filterAttention: 'Vyžaduje pozornosť',
  filterWaiting: 'Čakajúce',
  filterSent: 'Odoslané',
  filterClosed: 'Uzavreté',
  findByReference: 'Hľadať podľa čísla dokladu alebo referencie',
  referenceOrOrderId: 'č. dokladu (P1-000001), referencia alebo č. objednávky',
  placedOn: 'Zo dňa',
  olderOrders: 'Staršie objednávky',
  // What an order's state means (headlines), and its technical detail
  queuedUnreachable: 'Čaká na odoslanie: služba nie je dostupná. Odíde sama, keď bude spojenie späť.',
  queuedTimedOut: 'Čaká na odoslanie: služba odpovedá príliš pomaly. Skúsi sa znova sama.',
  queuedCredentials:
    'Čaká na odoslanie: služba odmieta prihlásenie tejto pokladnice. Vedúci skontroluje ID klienta a tajný kľúč v Nastaveniach.',
  queuedBusy: 'Čaká na odoslanie: služba je preťažená. Skúsi sa znova sama.',
  queued: 'Čaká na odoslanie. Odíde sama, keď služba odpovie.',
  nextTryAt: 'Ďalší pokus o {{time}}.',
  sending: 'Práve sa odosiela.',
  sent: 'Odoslané: služba objednávku prijala.',
  sentPricesUnknown:
    'Odoslané, ale inštancia nepreberá ceny ani zľavy z pokladnice: koľko zaúčtovala, nie je známe. Skontrolujte objednávku tam.',
  sentBookedOther:
    'Odoslané, ale inštancia zaúčtovala {{booked}}, kým suma predaja bola {{total}}. Skontrolujte objednávku tam.',
  needsFix: 'Neodoslané: služba objednávku v tejto podobe odmietla. Opravte ju nižšie a odošlite znova.',
  needsFixFields_one:
    'Neodoslané: služba odmietla jedno pole. Opravte ho nižšie a odošlite objednávku znova.',
  needsFixFields_few:
    'Neodoslané: služba odmietla {{count, number}} polia. Opravte ich nižšie a odošlite objednávku znova.',
  needsFixFields_many:
    'Neodoslané: služba odmietla {{count, number}} poľa. Opravte ich nižšie a odošlite objednávku znova.',
  needsFixFields_other:
    'Neodoslané: služba odmietla {{count, number}} polí. Opravte ich nižšie a odošlite objednávku znova.',
  blockedPermission:
    'Neodoslané: táto pokladnica nesmie zakladať objednávky. Požiadajte správcu o udelenie oprávnenia a potom ju odošlite znova.',
  blockedNotOffered:
    'Neodoslané: služba neprijíma objednávky z pokladnice. Odošlite ju znova, keď ich bude prijímať.',
  blocked: 'Neodoslané: služba to nepovoľuje. Obráťte sa na správcu a potom ju odošlite znova.',
  inDoubt:
    'Možno odoslané: neprišla jasná odpoveď. Skôr než ju odošlete znova, vyhľadajte objednávku na inštancii podľa jej referencie.',
  discarded: 'Zahodené: nikdy neodoslané. Uchované pre záznam.',
  cancelled: 'Stornované na inštancii.',
  detailCode: 'Kód: {{code}}',
  detailPermission: 'Chýbajúce oprávnenie: {{permission}}',
  // The confirmations
  discardTitle: 'Zahodiť objednávku č. {{id}}?',
  discardBody: 'Nikdy nebude odoslaná. Záznam zostane, ale predaj je preč.',
  discardConfirm: 'Zahodiť objednávku',
  cancelTitle: 'Stornovať objednávku č. {{id}} na inštancii?',
  cancelBody: 'Inštancia dostane pokyn objednávku stornovať. Z pokladnice sa to nedá vrátiť späť.',
  cancelConfirm: 'Stornovať objednávku',
  keepOrder: 'Ponechať objednávku',
  markSentTitle: 'Označiť objednávku č. {{id}} ako odoslanú?',
  markSentBody:
    'Len ak ste ju na inštancii našli ako objednávku č. {{remoteId}}: už nikdy nebude odoslaná znova.',
  markSentConfirm: 'Označiť ako odoslanú',
  notYet: 'Zatiaľ nie',
} as const satisfies Translation<typeof en>;
