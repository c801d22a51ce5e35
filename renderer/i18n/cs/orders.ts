import type { orders as en } from '../en/orders.ts';
import type { Translation } from '../catalogue.ts';

export const orders = {
  // The screen
  ordersLabel: 'Objednávky',
  sendQueuedNow: 'Odeslat čekající hned',
  noOrdersYet: 'Zatím žádné objednávky.',
  noOrderMatches: 'Žádná objednávka neodpovídá.',
  reference: 'Reference:',
  sendAgainInDoubt: 'Na instanci není: odeslat znovu',
  sendAgainBlocked: 'Oprávnění uděleno: odeslat znovu',
  discard: 'Zahodit',
  cancelOnInstance: 'Stornovat na instanci',
  foundAsOrderId: 'Nalezena na instanci jako objednávka č.',
  markFoundAsSent: 'Nalezena: označit jako odeslanou',
  // The fix form of a needs-fix order
  fieldCustomer: 'Zákazník',
  fieldWarehouse: 'Sklad',
  fieldItem: 'Položka {{index, number}}',
  fieldId: 'ID',
  nameNotKnown: 'Pod tímto ID není v offline katalogu',
  productNameCode: '{{name}} · {{code}}',
  fieldQuantity: 'Množství',
  fieldNote: 'Poznámka',
  fieldNotWholeNumber: 'Jen číslice: celé číslo.',
  fieldNotQuantity: 'Jen číslice, desetinná místa za čárkou nebo tečkou (2 nebo 1,5).',
  resend: 'Odeslat znovu',
  // A ticket (a row of the list)
  stateQueued: 'Čeká',
  stateSending: 'Odesílá se',
  stateSent: 'Odesláno',
  stateNeedsFix: 'K opravě',
  stateBlocked: 'Nepovoleno',
  stateInDoubt: 'Možná odesláno',
  stateDiscarded: 'Zahozeno',
  stateCancelled: 'Stornováno',
  lines_one: '{{count, number}} položka',
  lines_few: '{{count, number}} položky',
  lines_many: '{{count, number}} položky',
  lines_other: '{{count, number}} položek',
  company: 'Firma {{id}}',
  noCustomer: 'Bez zákazníka',
  walkIn: '(anonymní zákazník)',
  instanceId: 'na instanci č. {{id}}',
  instanceSays: 'Instance říká:',
  appRecord: 'Záznam aplikace, anglicky pro správce:',
  technicalDetail: 'Technické podrobnosti',
  attempts: 'Pokusy: {{attempts, number}}',
  // The filter and the search
  showOrders: 'Zobrazit objednávky',
  filterAll: 'Vše',
  filterAttention: 'Vyžaduje pozornost',
  filterWaiting: 'Čekající',
  filterSent: 'Odeslané',
  filterClosed: 'Uzavřené',
  findByReference: 'Hledat podle reference',
  referenceOrOrderId: 'reference nebo č. objednávky',
  placedOn: 'Ze dne',
  olderOrders: 'Starší objednávky',
  // What an order's state means (headlines), and its technical detail
  queuedUnreachable: 'Čeká na odeslání: služba není dostupná. Odejde sama, jakmile bude spojení zpět.',
  queuedTimedOut: 'Čeká na odeslání: služba odpovídá příliš pomalu. Zkusí se znovu sama.',
  queuedCredentials:
    'Čeká na odeslání: služba odmítá přihlášení této pokladny. Vedoucí zkontroluje ID klienta a tajný klíč v Nastavení.',
  queuedBusy: 'Čeká na odeslání: služba je přetížená. Zkusí se znovu sama.',
  queued: 'Čeká na odeslání. Odejde sama, jakmile služba odpoví.',
  nextTryAt: 'Další pokus v {{time}}.',
  sending: 'Právě se odesílá.',
  sent: 'Odesláno: služba objednávku přijala.',
  sentPricesUnknown:
    'Odesláno, ale instance nepřebírá ceny ani slevy z pokladny: kolik zaúčtovala, není známo. Zkontrolujte objednávku tam.',
  sentBookedOther:
    'Odesláno, ale instance zaúčtovala {{booked}}, kdežto prodej činil {{total}}. Zkontrolujte objednávku tam.',
  needsFix: 'Neodesláno: služba objednávku v této podobě odmítla. Opravte ji níže a odešlete znovu.',
  needsFixFields_one: 'Neodesláno: služba odmítla jedno pole. Opravte ho níže a odešlete objednávku znovu.',
  needsFixFields_few:
    'Neodesláno: služba odmítla {{count, number}} pole. Opravte je níže a odešlete objednávku znovu.',
  needsFixFields_many:
    'Neodesláno: služba odmítla {{count, number}} pole. Opravte je níže a odešlete objednávku znovu.',
  needsFixFields_other:
    'Neodesláno: služba odmítla {{count, number}} polí. Opravte je níže a odešlete objednávku znovu.',
  blockedPermission:
    'Neodesláno: tato pokladna nesmí zakládat objednávky. Požádejte správce o udělení oprávnění a pak ji odešlete znovu.',
  blockedNotOffered:
    'Neodesláno: služba nepřijímá objednávky z pokladny. Odešlete ji znovu, až je bude přijímat.',
  blocked: 'Neodesláno: služba to nepovoluje. Obraťte se na správce a pak ji odešlete znovu.',
  inDoubt:
    'Možná odesláno: nepřišla jasná odpověď. Než ji odešlete znovu, vyhledejte objednávku na instanci podle její reference.',
  discarded: 'Zahozeno: nikdy neodesláno. Uchováno pro záznam.',
  cancelled: 'Stornováno na instanci.',
  detailCode: 'Kód: {{code}}',
  detailPermission: 'Chybějící oprávnění: {{permission}}',
  // The confirmations
  discardTitle: 'Zahodit objednávku č. {{id}}?',
  discardBody: 'Nikdy nebude odeslána. Záznam zůstane, ale prodej je pryč.',
  discardConfirm: 'Zahodit objednávku',
  cancelTitle: 'Stornovat objednávku č. {{id}} na instanci?',
  cancelBody: 'Instance dostane pokyn objednávku stornovat. Z pokladny to nelze vrátit zpět.',
  cancelConfirm: 'Stornovat objednávku',
  keepOrder: 'Ponechat objednávku',
  markSentTitle: 'Označit objednávku č. {{id}} jako odeslanou?',
  markSentBody:
    'Jen pokud jste ji na instanci našli jako objednávku č. {{remoteId}}: už nikdy nebude odeslána znovu.',
  markSentConfirm: 'Označit jako odeslanou',
  notYet: 'Zatím ne',
} as const satisfies Translation<typeof en>;
