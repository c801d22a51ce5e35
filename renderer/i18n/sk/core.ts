import type { core as en } from '../en/core.ts';
import type { Translation } from '../catalogue.ts';

export const core = {
  scanEmpty: 'Sken bol prázdny. Naskenujte znova.',
  unknownCode: '„{{code}}“ nie je tovar ani zákaznícka karta, ktorú poznáme.',
  notStockedHere: '{{code}} nie je v tomto sklade (je v sklade {{warehouses}}).',
  unknownProductNeverSynced:
    'Neznámy tovar {{code}}: v offline katalógu nie je tovar s týmto čiarovým kódom (katalóg ešte nebol synchronizovaný).',
  unknownProductSyncedAt:
    'Neznámy tovar {{code}}: v offline katalógu nie je tovar s týmto čiarovým kódom (synchronizované {{at, when}}).',
  cardServiceNotAsked: 'Službu sa teraz nepodarilo opýtať na zákaznícke karty.',
  stockItemNotCached: 'Skladová položka {{stockItemId}} nie je v offline katalógu.',
  stockItemElsewhere:
    '{{name}} (skladová položka {{stockItemId}}) je v sklade {{warehouseId}}, nie v sklade tejto pokladnice.',
  prohibitedSale: '{{name}} sa nesmie predávať (zákaz predaja).',
  priceMissing:
    '{{name}} nemá v katalógu cenu, preto sa nepredá za 0,00. Vedúci môže zadať cenu pre tento predaj.',
  priceNoVatRate:
    '{{name}} nemá v katalógu sadzbu DPH (ani cenu s DPH), preto nie je známe, koľko stojí zákazníka: nepredá sa, kým katalóg sadzbu DPH neuvedie.',
  priceZero:
    '{{name}} stojí v katalógu 0,00, čo sa berie ako žiadna cena: zadarmo sa nepredá. Vedúci môže zadať cenu pre tento predaj.',
  priceUnusable:
    '{{name}} má v katalógu cenu ({{price}}), za ktorú nemožno predať. Vedúci môže zadať cenu pre tento predaj.',
  enteredPriceInvalid: 'Cena je číslo väčšie ako 0 s najviac dvoma desatinnými miestami, najviac {{max}}.',
  labelWithQuantity: '{{name}} je z váhovej alebo cenovej etikety: naskenujte ju bez množstva.',
  labelTyped:
    'Hmotnosť alebo cena v kóde sa berie len zo skenera, nikdy nie z klávesnice: naskenujte etiketu tovaru {{name}}, alebo ho vyberte podľa názvu a napíšte množstvo.',
  labelAmountZero: 'Etiketa tovaru {{name}} uvádza 0,00: naskenujte etiketu s cenou.',
  labelAmountNoQuantity:
    'Etiketa uvádza {{amount, amount}}, na čo nevychádza žiadne množstvo tovaru {{name}} za {{price, amount}} za {{unit}}: etiketa a cena nesúhlasia. Odvážte ho znova, alebo ho vyberte podľa názvu a napíšte množstvo.',
  gtinCheckDigit:
    '{{code}} nie je platný {{format}}: kontrolná číslica má byť {{expected}}, nie {{actual}}. Naskenujte znova.',
  gs1CheckDigit: 'GTIN {{value}} má nesprávnu kontrolnú číslicu. Naskenujte znova.',
  gs1Length: 'Prvok GS1 ({{ai}}) musí mať {{digits}} číslic.',
  gs1NotDate: 'Prvok GS1 ({{ai}}) nie je dátum: {{value}}.',
  gs1NotDigits: 'Prvok GS1 ({{ai}}) musí obsahovať iba číslice.',
  gs1Unreadable: 'Kód GS1 „{{code}}“ sa nedá prečítať.',
  gs1UnknownAi: 'Neznámy identifikátor aplikácie GS1 pri „{{at}}“.',
  gs1TooShort: 'Prvok GS1 ({{ai}}) je príliš krátky.',
  gs1TooLong: 'Prvok GS1 ({{ai}}) je dlhší ako {{max}} znakov.',
  cardBlocked: 'Táto karta je zablokovaná (označená ako neplatná): nedá sa použiť.',
  cardNotYetValid: 'Táto karta platí až od {{day, day}}.',
  cardExpired: 'Platnosť tejto karty skončila {{day, day}}.',
  quantityAboveZero: 'Množstvo musí byť číslo väčšie ako nula.',
  quantityWhole: '{{name}} sa predáva po celých {{unit}}: zadajte celé číslo.',
  quantityWholePieces: '{{name}} sa predáva po kusoch: zadajte celé číslo.',
  quantityDecimals: 'Najviac tri desatinné miesta.',
  quantityLooksLikeCode: '{{quantity}} vyzerá ako kód, nie ako množstvo: tovar skenujte do poľa pre kód.',
  quantityMax: 'Najviac {{max}} na jednu položku.',
  priceLabelLine: 'Táto položka je z cenovej etikety: odoberte ju, alebo naskenujte každú etiketu.',
  lineBadPrice:
    '{{name}}: cena {{price}} nie je cena, ktorú môže pokladnica účtovať. Nechajte ju opraviť na inštancii.',
  lineBadVatRate:
    '{{name}}: sadzba DPH {{rate}} % nie je sadzba DPH (0 až {{max}} %). Nechajte ju opraviť na inštancii.',
  lineBadQuantity: '{{name}}: {{quantity}} nie je množstvo, ktoré môže pokladnica predať.',
  lineTooLarge:
    '{{name}} by stál viac, než môže predaj obsiahnuť ({{max}}): cena alebo množstvo je chybné. Nechajte cenu opraviť na inštancii.',
  saleTooLarge: 'S tovarom {{name}} by predaj stál viac, než môže obsiahnuť ({{max}}).',
  unpricedLine:
    '{{name}} nemá sumu, ktorú môže pokladnica účtovať: pred odoslaním objednávky položku odoberte.',
  adjustNoDiscount: 'Na tovar {{name}} nemožno dať zľavu: katalóg zľavy naň zakazuje.',
  adjustPriceLabel:
    'Suma na cenovej etikete tovaru {{name}} je jeho cena: dajte naň radšej zľavu v percentách.',
  adjustPriceRange:
    'Nová cena tovaru {{name}} je väčšia ako 0 a menšia ako jeho cena {{price, amount}}, s najviac dvoma desatinnými miestami.',
  adjustPercentRange:
    'Zľava je percento väčšie ako 0 a menšie ako 100, s najviac dvoma desatinnými miestami.',
  stockInactive: 'Tovar {{name}} je v katalógu označený ako neaktívny.',
  stockInactiveHere: 'Tovar {{name}} je v tomto sklade označený ako neaktívny.',
  stockOut: 'Tovar {{name}} v tomto sklade nie je na sklade (podľa poslednej synchronizácie).',
  stockAbove:
    'Tento predaj by vzal {{wanted, number}} {{unit}} tovaru {{name}}, ale sklad má len {{available, number}} {{unit}} (podľa poslednej synchronizácie).',
  stockAboveNoUnit:
    'Tento predaj by vzal {{wanted, number}} tovaru {{name}}, ale sklad má len {{available, number}} (podľa poslednej synchronizácie).',
  stockOutSoldHere:
    'Tovar {{name}} v tomto sklade nie je na sklade: posledná synchronizácia ukázala {{cached, number}} a tu sa odvtedy predalo {{sold, number}}.',
  stockAboveSoldHere:
    'Tento predaj by vzal {{wanted, number}} {{unit}} tovaru {{name}}, ale sklad má len {{available, number}} {{unit}} (podľa poslednej synchronizácie {{cached, number}} {{unit}}, z toho sa tu odvtedy predalo {{sold, number}} {{unit}}).',
  stockAboveSoldHereNoUnit:
    'Tento predaj by vzal {{wanted, number}} tovaru {{name}}, ale sklad má len {{available, number}} (podľa poslednej synchronizácie {{cached, number}}, z toho sa tu odvtedy predalo {{sold, number}}).',
  stockOutSoldInStore:
    'Tovar {{name}} v tomto sklade nie je na sklade: posledná synchronizácia ukázala {{cached, number}} a pokladnice obchodu odvtedy predali {{sold, number}} (z toho tu {{here, number}}).',
  stockAboveSoldInStore:
    'Tento predaj by vzal {{wanted, number}} {{unit}} tovaru {{name}}, ale sklad má len {{available, number}} {{unit}} (podľa poslednej synchronizácie {{cached, number}} {{unit}}, z toho pokladnice obchodu odvtedy predali {{sold, number}} {{unit}}, tu {{here, number}} {{unit}}).',
  stockAboveSoldInStoreNoUnit:
    'Tento predaj by vzal {{wanted, number}} tovaru {{name}}, ale sklad má len {{available, number}} (podľa poslednej synchronizácie {{cached, number}}, z toho pokladnice obchodu odvtedy predali {{sold, number}}, tu {{here, number}}).',
  stockBlocked: 'Nastavenia taký predaj nedovoľujú: nič sa nezmenilo.',
  noSession: 'Nákup {{sessionId}} neexistuje.',
  noOpenSession: 'Nie je otvorený žiadny nákup.',
  sessionNotOpen: 'Nákup {{sessionId}} je v stave {{state}}.',
  noLine: 'Položka {{lineId}} nie je v otvorenom nákupe.',
  lineNotRemoved: 'Položka {{lineId}} nebola z otvoreného nákupu odobratá.',
  emptySession: 'Pred odoslaním objednávky naskenujte aspoň jeden tovar.',
  noCustomer:
    'Najprv naskenujte kartu zákazníka, alebo v Nastaveniach určte anonymného zákazníka: služba potrebuje zákazníka pri každej objednávke.',
  noWarehouse: 'Najprv v Nastaveniach vyberte sklad tejto pokladnice.',
  tenderNotANumber: 'Prijatá suma musí byť číslo, 0 alebo viac.',
  tenderShort: 'Prijatá suma ({{given}}) je nižšia ako suma na úhradu ({{total}}).',
  nothingToPark: 'Nie je čo odložiť: nákup nemá žiadny tovar ani zákazníka.',
  notParked: 'Nákup {{sessionId}} nie je odložený (už bol vyvolaný, odoslaný alebo zrušený).',
  parkedTaken: 'Tento odložený nákup už vyvolala pokladnica {{till}}: je teraz na nej.',
  parkedExchange:
    'Tento odložený nákup obsahuje výmenu za tovar z dokladu {{receipt}}: dokončite ho na pokladnici {{till}}, kde bol tovar vrátený.',
  parkedStoreOffline:
    'Nákup odložený na inej pokladnici sa dá vyvolať len so spojením s ostatnými pokladnicami, aby ho zároveň nevyvolala iná.',
  requestInvalid: 'Nevykonané: zadaná hodnota nie je platná.',
  fieldInvalid: 'Táto hodnota tu nie je platná.',
  notAUrl: 'Toto nie je webová adresa: napíšte ju celú, napríklad https://shop.example.com.',
  unknownCall: 'Neznáme volanie.',
  serialScanTaken: 'Tento sken už bol prevzatý.',
  coreNoAnswer:
    'Jadro aplikácie neodpovedalo: nie je isté, či sa to vykonalo. Skôr než to zopakujete, skontrolujte to.',
  coreNotReached: 'Volanie sa k jadru aplikácie nedostalo: nič sa nevykonalo. Skúste to znova.',
  coreRefusedCall: 'Jadro aplikácie volanie odmietlo ({{status}}).',
  tenderShortRest: 'Prijatá hotovosť ({{given}}) je nižšia ako zvyšok na úhradu v hotovosti ({{total}}).',
  tenderSplitCard:
    'Časť kartou ({{card}}) musí byť viac ako 0 a menej ako suma na úhradu ({{total}}); zvyšok sa platí v hotovosti.',
  tenderSplitNoCash:
    'Časť kartou ({{card}}) necháva z celkovej sumy ({{total}}) len {{rest}}, čo sa v hotovosti zaokrúhli na nič: zaplaťte kartou celú sumu, alebo menej.',
  shiftClosed:
    'Na tejto pokladnici nie je otvorená žiadna zmena: najprv ju otvorte s hotovosťou vloženou do zásuvky.',
  shiftAlreadyOpen: 'Zmena {{id}} je už otvorená (od {{since}}): pred otvorením ďalšej ju uzavrite.',
  shiftNoneClosed: 'Na tejto pokladnici ešte nebola uzavretá žiadna zmena.',
  signedOut: 'Najprv sa prihláste svojím PINom pokladníka.',
  cashierPinWrong: 'Nesprávny PIN pre {{name}}: zostáva pokusov: {{tries}}.',
  cashierLockedOut: 'Príliš veľa nesprávnych PINov pre {{name}}: skúste to znova o minútu.',
  cashierUnknown: 'Pokladník {{id}} na tejto pokladnici nie je.',
  cashierNameTaken: 'Pokladník s menom {{name}} už existuje.',
  starting: 'Aplikácia sa spúšťa. Skúste to znova.',
  notConfigured: 'Nie je nastavená žiadna inštancia: nastavte ju v Nastaveniach.',
  orderNotInOutbox: 'Objednávka {{id}} nie je medzi odchádzajúcimi.',
  orderChanged:
    'Objednávka {{id}} sa medzitým zmenila: teraz sa to s ňou nedá urobiť. Pozrite sa na jej stav v zozname.',
  orderSettling: 'Objednávka {{id}} sa práve overuje na inštancii: skúste to o chvíľu znova.',
  orderOtherInstance:
    'Objednávka {{id}} patrí inštancii {{instance}}, nie tej, ktorá sa používa: stornujte ju tam.',
  orderDependents: 'Objednávku {{id}} nemožno stornovať: závisia od nej iné záznamy na inštancii.',
  orderNotCancelled: 'Objednávku {{id}} sa nepodarilo stornovať.',
  noOrder: 'Objednávka {{id}} neexistuje.',
  offline: 'Inštancia je teraz nedostupná.',
  orderInvalid: 'Objednávka nie je platná.',
  lacksPermission: 'Klientovi tejto pokladnice chýba oprávnenie {{permission}}.',
  lacksAPermission: 'Klientovi tejto pokladnice chýba oprávnenie.',
  credentialsRefused: 'Inštancia odmietla ID klienta alebo tajný kľúč.',
  failed: 'Niečo sa pokazilo. Podrobnosti sú v logu.',
  whyTimeout: 'Neodpovedala včas.',
  whyRefused: 'Na tej adrese nič neodpovedá ({{code}}).',
  whyUnknownHost: 'Názov servera nie je známy ({{code}}).',
  whyNoRoute: 'Sieť sa k nej nedostane ({{code}}).',
  whyConnectionLost: 'Spojenie sa prerušilo ({{code}}).',
  whyCertificate: 'Jej certifikátu sa nedôveruje ({{code}}).',
  whyCode: 'Systém hlási {{code}}.',
  whyUnknown: 'Dôvod nebol uvedený.',
  instanceUnreadable: 'Inštancia odpovedala niečím, čo Counter nevie prečítať.',
  notOffered: 'Inštancia toto neponúka.',
  stopped: 'Zastavené pred dokončením.',
  answeredStatus: 'Inštancia odpovedala {{status}}.',
  instanceSays: 'Inštancia hovorí: {{text}}',
  syncNotSynced: 'Nesynchronizované.',
  syncFailed: 'Synchronizácia zlyhala.',
  syncRetrying: 'Skúša sa znova.',
  syncKeysFailed: 'Neúspešné požiadavky: {{count}}.',
  syncThreadStopped:
    'Synchronizácia sa pri tejto časti zastavila ({{reason}}); časti po nej sa synchronizovali bez nej.',
  syncPassDeadline:
    'Synchronizácia trvala dlhšie ako povolených {{seconds}} s a tu sa zastavila; čo sa stihlo, zostáva a ďalšia synchronizácia nadviaže.',
  lockedSettings: 'Zmena nastavení vyžaduje PIN vedúceho.',
  lockedDiscard: 'Zahodenie objednávky vyžaduje PIN vedúceho.',
  lockedCancel: 'Zrušenie objednávky v inštancii vyžaduje PIN vedúceho.',
  lockedMarkSent: 'Označenie objednávky ako odoslanej vyžaduje PIN vedúceho.',
  lockedPrice: 'Zadanie ceny vyžaduje PIN vedúceho.',
  lockedDiscount: 'Zľava na položku alebo zmena ceny vyžaduje PIN vedúceho.',
  lockedCashiers: 'Pridanie alebo odobratie pokladníka vyžaduje PIN vedúceho.',
  lockedShiftDifference:
    'Napočítaná hotovosť sa od očakávanej líši o {{difference}}, viac ako je limit {{limit}}: uzavretie zmeny vyžaduje PIN vedúceho.',
  lockedDrawer: 'Otvorenie zásuvky bez predaja vyžaduje PIN vedúceho.',
  returnUnknownReceipt:
    'Žiadny predaj tejto pokladnice nemá doklad „{{text}}“: napíšte jeho číslo, ako je vytlačené (P1-000123), alebo naskenujte jeho QR kód.',
  returnNotASale:
    'Doklad „{{text}}“ nepatrí k zaplatenému predaju (bol stornovaný alebo nebol uzavretý): nič nemožno vrátiť.',
  returnUnknownProduct: 'Tovar {{productId}} na doklade {{receipt}} nie je.',
  returnLinesNotKept:
    'Položky dokladu „{{text}}“ už táto pokladnica neuchováva (jej história bola skrátená skôr, než existovali vratky): vráťte ho cez kanceláriu.',
  returnNothingLeft: 'Všetko z dokladu {{receipt}} už bolo vrátené.',
  returnNothingChosen: 'Vyberte, čo sa vracia: riadok a jeho množstvo.',
  returnTooMuch: 'Z položky {{name}} možno vrátiť len {{left}}: predalo sa {{sold}} a zvyšok už bol vrátený.',
  returnQuantity:
    '{{quantity}} nie je množstvo, ktoré možno vrátiť: číslo väčšie ako nula s najviac tromi desatinnými miestami.',
  returnNeedsPinAmount:
    'Vrátenie {{refund, amount}} je viac ako limit {{limit, amount}}: potrebuje PIN vedúceho.',
  returnNeedsPinDays:
    'Predaj bol pred {{days}} dňami, viac ako {{limit}} dní na vrátenie: potrebuje PIN vedúceho.',
  returnNeedsPinNoReceipt:
    'Vratka bez dokladu vyžaduje PIN vedúceho: vedúci potvrdí cenu tovaru {{name}} ({{price, amount}} za kus).',
  returnNoReceiptAlso: 'A tovaru {{name}} ({{price, amount}} za kus).',
  returnNoReceiptNoProduct: 'Tovar s kódom „{{code}}“ nie je v offline katalógu tohto skladu.',
  returnNoReceiptNoPrice: '{{name}} nemá v katalógu cenu: vedúci zadá cenu, za ktorú sa vracia.',
  returnNoReceiptPrice:
    '{{price}} nie je cena, za ktorú možno vrátiť {{name}}: číslo väčšie ako nula s najviac štyrmi desatinnými miestami.',
  returnNeedsPinTender: 'Vrátiť peniaze inak, ako sa platilo, možno len s PIN-om vedúceho.',
  returnNotFound: 'Vratka {{id}} na tejto pokladnici nie je.',
  returnNotBackOffice: 'Vratka {{number}} nečaká na zaúčtovanie v kancelárii.',
  exchangeNoSale: 'Výmena potrebuje najprv nový predaj na pokladnici: naskenujte, čo si zákazník berie.',
  returnNotInDoubt: 'Vratka {{number}} nie je neistá: nie je čo vyriešiť.',
  lockedReturnBooked: 'Označiť vratku ako zaúčtovanú v back office vyžaduje PIN vedúceho.',
  lockedReturnSettle: 'Vyriešiť neistú vratku vyžaduje PIN vedúceho.',
  returnCardNotRefunded:
    'Najprv vráťte {{amount, amount}} na kartu na platobnom termináli, potom potvrďte, že je to hotové.',
  returnNeedsPinStore:
    'Účtenku {{receipt}} vydala pokladnica {{till}} a táto pokladnica sa nespojí s ostatnými pokladnicami obchodu, takže nemôže overiť, že tam tovar už nebol vrátený: potrebuje PIN vedúceho.',
  returnReceiptAmbiguous:
    'Účtenku „{{text}}“ vydalo viac pokladníc ({{tills}}): naskenujte jej QR kód alebo napíšte jej referenciu.',
  returnClaimedInStore:
    'Z položky {{name}} možno vrátiť len {{left}}: predalo sa {{sold}} a zvyšok už bol vrátený na pokladniciach obchodu.',
  scannerBaudInvalid: '{{name}}={{value}} nie je rýchlosť sériovej linky: použite jednu z {{rates}}.',
  scannerLineEndInvalid: '{{name}}={{value}}: riadok končí any, cr, lf, crlf alebo tab.',
  scannerPortOptionUnknown:
    '{{name}}: „{{option}}“ nie je voľba portu (alebo je zadaná dvakrát): použite {{options}}.',
  scannerSetTwice: '{{port}} a {{name}}={{value}} hovoria každý niečo iné: zadajte to na jednom mieste.',
  noPrinter:
    'Tlačiareň dokladov nie je nastavená: zadajte jej adresu v Nastaveniach (tcp://ADRESA:PORT) alebo zvoľte systémovú tlačiareň.',
  printerAddressScheme:
    'Adresa tlačiarne začína tcp:// (sieťová tlačiareň, napríklad tcp://192.168.1.50:9100) alebo printer: (systémová tlačiareň podľa názvu, napríklad printer:Receipt).',
  printerAddressUnreadable: '„{{address}}“ nie je adresa tlačiarne ako tcp://192.168.1.50:9100.',
  printerAddressNoHost: 'V adrese tlačiarne chýba počítač (tcp://ADRESA:PORT).',
  printerAddressExtra: 'Adresa tlačiarne je len tcp://ADRESA:PORT, bez používateľa, hesla, cesty či #časti.',
  printerAddressPort: 'Port tlačiarne je číslo od 1 do 65535.',
  printerAddressColumns: 'columns={{value}}: tlačený riadok má 32, 42 alebo 48 znakov.',
  printerAddressModel:
    'model={{value}} nie je model tlačiarne, ktorý Counter pozná (napríklad epson-tm-t20iii).',
  printerAddressOption: '„{{name}}“ nie je nastavenie tlačiarne (columns, model).',
  printerQueueNone: 'Za printer: nasleduje názov systémovej tlačiarne, napríklad printer:Receipt.',
  printerQueueDash: '„{{name}}“ nie je názov systémovej tlačiarne: nesmie začínať znakom „-“.',
  printerQueueName:
    '„{{name}}“ nie je názov systémovej tlačiarne: najviac 127 znakov, bez medzier, /, \\, ?, # a úvodzoviek.',
  printerUnreachable: 'Tlačiareň dokladov {{printer}} neodpovedá: je zapnutá a pripojená?',
  printerPaperOut: 'V tlačiarni dokladov {{printer}} došiel papier.',
  printerStalled:
    'Tlačiareň dokladov {{printer}} nič neprijíma: skontrolujte, či sa nezasekol papier alebo nie je otvorený kryt.',
  printerMaybe: 'Spojenie s tlačiarňou dokladov {{printer}} sa pri tlači prerušilo: časť sa možno vytlačila.',
  describeGtin: '{{format}}, správna kontrolná číslica',
  describeEmbeddedPrice: 'EAN-13 s cenou v kóde, tovar {{product}}, cena {{value}}',
  describeEmbeddedWeight: 'EAN-13 s hmotnosťou v kóde, tovar {{product}}, hmotnosť {{value}}',
  describeEmbeddedQuantity: 'EAN-13 s množstvom v kóde, tovar {{product}}, množstvo {{value}}',
  describeGs1: 'GS1 reťazec prvkov, {{parts}}',
  describeMisread: 'chybne načítané,',
  describeOther: 'iný kód, nie je GTIN: hľadá sa ako zákaznícka karta alebo interný kód',
  featureStockItems: 'Skladové položky',
  featureWarehouses: 'Sklady',
  featureProductUnits: 'Merné jednotky',
  featureCompanyCards: 'Zákaznícke karty',
  featureCompanyRepresentatives: 'Zástupcovia firiem',
  featureFinancialReceivables: 'Pohľadávky',
  featureInternetOrderCreate: 'Internetové objednávky',
  featureInternetOrderDelete: 'Rušenie objednávok',
  featurePosScan: 'Načítanie karty na pokladnici',
  featureClientReference: 'Bezpečné opakované odoslanie objednávok (Idempotency-Key)',
  tokenUnexpected: 'Token nezískaný: niečo sa pokazilo.',
  tokenRefused: 'Token odmietnutý: inštancia neprijala klienta „{{clientId}}“ s týmto tajným kľúčom.',
  instanceAnswered: 'Odpovedala {{status}}: {{text}}',
  instanceAnsweredStatus: 'Odpovedala {{status}}.',
  tokenUnreachable: 'Token nezískaný: {{url}} nie je dostupná.',
  tokenRateLimited: 'Token nezískaný: tokenový endpoint tohto klienta obmedzuje; skúste to neskôr.',
  tokenRateLimitedFor:
    'Token nezískaný: tokenový endpoint tohto klienta obmedzuje; skúste to o {{seconds}} s.',
  tokenNoEndpoint:
    'Token nezískaný: {{url}} nemá tokenový endpoint (/connect/token odpovedal 404). Je URL inštancie správna?',
  tokenOther: 'Token nezískaný.',
  noInstance: 'Nie je nastavená žiadna inštancia.',
  permCheckUnexpected: 'Overenie nečakane zlyhalo.',
  permAnswered403: 'Inštancia odpovedala 403.',
  permOperatorCanAdd: 'Správca ho môže pridať do roly tohto klienta.',
  permEmptyRefused:
    'Overené prázdnou požiadavkou, ktorú inštancia odmietla ako neplatnú (400): požiadavka, ktorá neprejde kontrolou, nič nezapíše.',
  permEmptyAccepted: 'Inštancia prijala prázdnu požiadavku ({{status}}): pozrite sa, čo uložila.',
  permNotOnInstance: 'Jeho endpoint na tejto inštancii nie je k dispozícii.',
  permProbeUntold:
    'Nezistené: táto inštancia odmieta prázdnu požiadavku ako neplatnú (400), aj keď roli oprávnenie chýba, a objednávku tejto pokladnice pre neho odmietla (403). Keď ho správca pridá, odošlite tú objednávku znova z Objednávok.',
  permNotChecked: 'Nedá sa overiť.',
  permNeedsProductId:
    'Neoverené: potrebuje id tovaru a žiadne nie je vo vyrovnávacej pamäti ani sa nedalo prečítať zo skladových položiek.',
  permNeedsCompanyId:
    'Neoverené: potrebuje id firmy a žiadne nie je vo vyrovnávacej pamäti ani sa nedalo prečítať zo zástupcov firiem.',
  missingClientId: 'Chýba ID klienta.',
  missingClientSecret: 'Chýba tajný kľúč klienta.',
  missingClientSecretFor: 'Chýba tajný kľúč klienta pre {{origin}}: uložený bol zadaný pre inú inštanciu.',
  missingHttps:
    'Inštancia potrebuje https: obyčajné http je povolené len na ten istý počítač (loopback), alebo so zapnutým „Povoliť nezabezpečené pripojenie“.',
  featureNotOnInstance: 'na tejto inštancii nie je k dispozícii',
  storageFull:
    'Do dátového priečinka {{folder}} sa nedá zapisovať: disk je plný ({{code}}). Posledná zmena sa neuložila; čo bolo uložené predtým, zostáva. Uvoľnite tam miesto a skúste to znova.',
  storageReadOnly:
    'Do dátového priečinka {{folder}} sa nedá zapisovať: je iba na čítanie, chýba, alebo doň tento používateľ nesmie zapisovať ({{code}}). Posledná zmena sa neuložila; čo bolo uložené predtým, zostáva. Povoľte zápis, alebo zvoľte iný dátový priečinok, a skúste to znova.',
  storageIo:
    'Do dátového priečinka {{folder}} sa nedá zapisovať: disk ohlásil chybu ({{code}}: môže byť plný, dosiahnutý limit veľkosti súboru, alebo disk zlyháva). Posledná zmena sa neuložila; čo bolo uložené predtým, zostáva. Uvoľnite miesto alebo skontrolujte disk a skúste to znova.',
  foundPageSize: 'inštancia posiela stránky po {{size}} riadkoch',
  foundViewLacks: 'jej pohľadu chýba {{fields}} (tieto polia zostanú prázdne)',
  foundSortRefused: 'nevie radiť podľa {{fields}}',
  foundSortInstead: 'nevie radiť podľa {{fields}}: Counter namiesto toho radí podľa {{instead}}',
  foundSortCompleted:
    'nevie radiť podľa {{fields}}: jednoznačné radenie nezostalo, preto sa jej stránky kontrolujú voči celkovému počtu a dopĺňajú podľa id',
  foundFiltersLastModifyFrom: 'filtruje iba zmenené riadky (lastModifyFrom)',
  foundFiltersIds: 'filtruje riadky podľa id (ids)',
  foundFiltersIsPaid: 'filtruje iba otvorené pohľadávky (isPaid)',
  foundIgnoresLastModifyFrom:
    'neberie ohľad na filter iba zmenených riadkov (lastModifyFrom): každá synchronizácia je úplná',
  foundIgnoresIds:
    'neberie ohľad na filter riadkov podľa id (ids): riadky sa vyberajú z prechádzania všetkého',
  foundIgnoresIsPaid:
    'neberie ohľad na filter iba otvorených pohľadávok (isPaid): čítajú sa všetky pohľadávky a zaplatené sa vynechajú',
  foundRejectsLastModifyFrom:
    'odmieta filter iba zmenených riadkov (lastModifyFrom): každá synchronizácia je úplná',
  foundRejectsIds: 'odmieta filter riadkov podľa id (ids): riadky sa vyberajú z prechádzania všetkého',
  foundRejectsIsPaid:
    'odmieta filter iba otvorených pohľadávok (isPaid): čítajú sa všetky pohľadávky a zaplatené sa vynechajú',
  foundFiltersOther: 'filtruje {{name}}',
  foundIgnoresOther: 'neberie ohľad na filter {{name}}: Counter sa zaobíde bez neho',
  foundRejectsOther: 'odmieta filter {{name}}: Counter sa zaobíde bez neho',
  foundSkipped: 'preskočené riadky: {{count}} (nečitateľné hodnoty: {{rows}})',
  foundCountDiffers: 'inštancia ich počíta {{total}}, offline katalóg ich má {{count}}',
  foundMoreThanCounted:
    'inštancia hlásila ďalšie stránky aj po {{total}} riadkoch, ktoré sama počíta (načítaných {{sent}}): prechádzanie skončilo pri jej počte',
  foundRepeatedIds:
    'riadkov od inštancie: {{sent}}, z toho rôznych id len {{distinct}}; opakované id ({{repeated}}) boli uložené raz',
  insecureUrl:
    '{{url}} používa nešifrované http: tajný kľúč klienta a tokeny by išli čitateľne po sieti. Použite https, alebo zapnite „povoliť nezabezpečené pripojenie“.',
  labelRuleInvalid:
    'Pravidlo etikety {{type}} {{pattern}} nie je platné: opisuje 12 číslic pred kontrolnou číslicou, napríklad 23.....{NNNDD}.',
  walkInUnknown:
    'Firma {{companyId}} nie je vo vyrovnávacej pamäti tejto pokladnice (nebola synchronizovaná žiadna jej karta ani zástupca): vyberte ju zo zoznamu.',
  unsentBeforeSwitch:
    'Neodoslané objednávky pre súčasnú inštanciu: {{count}}. Pred prepnutím inštancie ich odošlite alebo zahoďte (Objednávky).',
  cardBarcodeMissing: 'Naskenujte alebo napíšte kód novej karty.',
  cardBarcodeTooLong: 'Kód karty má {{length}} znakov; kód karty smie mať najviac {{max}}.',
  cardBarcodeTaken: 'Kód {{barcode}} už má karta „{{card}}“ firmy {{company}}: vezmite inú kartu z balíčka.',
  cardBarcodeIsProduct:
    'Kód {{barcode}} je čiarový kód tovaru {{product}}, nie novej karty: vezmite inú kartu z balíčka.',
  cardBarcodeInvalid: 'Kód {{barcode}} nie je platný kód pre kartu:',
  cardNameMissing: 'Napíšte názov karty (meno zákazníka).',
  cardNameTooLong: 'Názov karty má {{length}} znakov; názov karty smie mať najviac {{max}}.',
  cardCompanyUnknown:
    'Firma {{companyId}} nie je vo vyrovnávacej pamäti tejto pokladnice: vyberte ju zo zoznamu.',
  cardValidToPast: 'Karta by platila len do {{day, day}}, čo je pred dneškom.',
  cardPersonNameTooLong: 'Meno osoby má {{length}} znakov; najviac {{max}}.',
  cardPersonNeeded: 'E-mail alebo telefón patrí k osobe: napíšte aj jej meno.',
  cardEmailInvalid: '{{email}} nie je e-mailová adresa (najviac {{max}} znakov).',
  cardPhoneInvalid:
    '{{phone}} nie je telefónne číslo (číslice, medzery a + ( ) / -, najviac {{max}} znakov).',
  cardPermissionMissing:
    'Táto pokladnica nemôže vydávať karty: inštancia nedáva jej klientovi oprávnenie {{permission}}. Správca ho môže pridať do roly klienta.',
} as const satisfies Translation<typeof en>;
