import type { core as en } from '../en/core.ts';
import type { Translation } from '../catalogue.ts';

export const core = {
  scanEmpty: 'Sken byl prázdný. Naskenujte znovu.',
  unknownCode: '„{{code}}“ není zboží ani zákaznická karta, kterou známe.',
  notStockedHere: '{{code}} není v tomto skladu (je ve skladu {{warehouses}}).',
  unknownProductNeverSynced:
    'Neznámé zboží {{code}}: v offline katalogu není zboží s tímto čárovým kódem (katalog ještě nebyl synchronizován).',
  unknownProductSyncedAt:
    'Neznámé zboží {{code}}: v offline katalogu není zboží s tímto čárovým kódem (synchronizováno {{at, when}}).',
  cardServiceNotAsked: 'Službu se teď nepodařilo zeptat na zákaznické karty.',
  stockItemNotCached: 'Skladová položka {{stockItemId}} není v offline katalogu.',
  stockItemElsewhere:
    '{{name}} (skladová položka {{stockItemId}}) je ve skladu {{warehouseId}}, ne ve skladu této pokladny.',
  prohibitedSale: '{{name}} se nesmí prodávat (zákaz prodeje).',
  priceMissing:
    '{{name}} nemá v katalogu cenu, proto se neprodá za 0,00. Vedoucí může zadat cenu pro tento prodej.',
  priceNoVatRate:
    '{{name}} nemá v katalogu sazbu DPH (ani cenu s DPH), proto není známo, kolik stojí zákazníka: neprodá se, dokud katalog sazbu DPH neuvede.',
  priceZero:
    '{{name}} stojí v katalogu 0,00, což se bere jako žádná cena: zadarmo se neprodá. Vedoucí může zadat cenu pro tento prodej.',
  priceUnusable:
    '{{name}} má v katalogu cenu ({{price}}), za kterou nelze prodat. Vedoucí může zadat cenu pro tento prodej.',
  enteredPriceInvalid: 'Cena je číslo větší než 0 s nejvýše dvěma desetinnými místy, nejvýše {{max}}.',
  labelWithQuantity: '{{name}} je z váhové nebo cenové etikety: naskenujte ji bez množství.',
  labelTyped:
    'Hmotnost nebo cena v kódu se bere jen ze skeneru, nikdy ne z klávesnice: naskenujte etiketu zboží {{name}}, nebo je vyberte podle názvu a napište množství.',
  labelAmountZero: 'Etiketa zboží {{name}} uvádí 0,00: naskenujte etiketu s cenou.',
  labelAmountNoQuantity:
    'Etiketa uvádí {{amount, amount}}, na což nevychází žádné množství zboží {{name}} za {{price, amount}} za {{unit}}: etiketa a cena nesouhlasí. Zvažte je znovu, nebo je vyberte podle názvu a napište množství.',
  gtinCheckDigit:
    '{{code}} není platný {{format}}: kontrolní číslice má být {{expected}}, ne {{actual}}. Naskenujte znovu.',
  gs1CheckDigit: 'GTIN {{value}} má špatnou kontrolní číslici. Naskenujte znovu.',
  gs1Length: 'Prvek GS1 ({{ai}}) musí mít {{digits}} číslic.',
  gs1NotDate: 'Prvek GS1 ({{ai}}) není datum: {{value}}.',
  gs1NotDigits: 'Prvek GS1 ({{ai}}) musí obsahovat jen číslice.',
  gs1Unreadable: 'Kód GS1 „{{code}}“ nelze přečíst.',
  gs1UnknownAi: 'Neznámý identifikátor aplikace GS1 u „{{at}}“.',
  gs1TooShort: 'Prvek GS1 ({{ai}}) je příliš krátký.',
  gs1TooLong: 'Prvek GS1 ({{ai}}) je delší než {{max}} znaků.',
  cardBlocked: 'Tato karta je zablokovaná (označená jako neplatná): nelze ji použít.',
  cardNotYetValid: 'Tato karta platí až od {{day, day}}.',
  cardExpired: 'Platnost této karty skončila {{day, day}}.',
  quantityAboveZero: 'Množství musí být číslo větší než nula.',
  quantityWhole: '{{name}} se prodává po celých {{unit}}: zadejte celé číslo.',
  quantityWholePieces: '{{name}} se prodává po kusech: zadejte celé číslo.',
  quantityDecimals: 'Nejvýše tři desetinná místa.',
  quantityLooksLikeCode: '{{quantity}} vypadá jako kód, ne jako množství: zboží skenujte do pole pro kód.',
  quantityMax: 'Nejvýše {{max}} na jednu položku.',
  priceLabelLine: 'Tato položka je z cenové etikety: odeberte ji, nebo naskenujte každou etiketu.',
  lineBadPrice:
    '{{name}}: cena {{price}} není cena, kterou může pokladna účtovat. Nechte ji opravit na instanci.',
  lineBadVatRate:
    '{{name}}: sazba DPH {{rate}} % není sazba DPH (0 až {{max}} %). Nechte ji opravit na instanci.',
  lineBadQuantity: '{{name}}: {{quantity}} není množství, které může pokladna prodat.',
  lineTooLarge:
    '{{name}} by stálo víc, než může prodej pojmout ({{max}}): cena nebo množství je chybné. Nechte cenu opravit na instanci.',
  saleTooLarge: 'Se zbožím {{name}} by prodej stál víc, než může pojmout ({{max}}).',
  unpricedLine:
    '{{name}} nemá částku, kterou může pokladna účtovat: před odesláním objednávky položku odeberte.',
  adjustNoDiscount: 'Na zboží {{name}} nelze dát slevu: katalog slevy na něj zakazuje.',
  adjustPriceLabel:
    'Částka na cenové etiketě zboží {{name}} je jeho cena: dejte na něj raději slevu v procentech.',
  adjustPriceRange:
    'Nová cena zboží {{name}} je větší než 0 a menší než jeho cena {{price, amount}}, s nejvýše dvěma desetinnými místy.',
  adjustPercentRange: 'Sleva je procento větší než 0 a menší než 100, s nejvýše dvěma desetinnými místy.',
  stockInactive: 'Zboží {{name}} je v katalogu označeno jako neaktivní.',
  stockInactiveHere: 'Zboží {{name}} je v tomto skladu označeno jako neaktivní.',
  stockOut: 'Zboží {{name}} v tomto skladu není skladem (podle poslední synchronizace).',
  stockAbove:
    'Tento prodej by vzal {{wanted, number}} {{unit}} zboží {{name}}, ale sklad má jen {{available, number}} {{unit}} (podle poslední synchronizace).',
  stockAboveNoUnit:
    'Tento prodej by vzal {{wanted, number}} zboží {{name}}, ale sklad má jen {{available, number}} (podle poslední synchronizace).',
  stockOutSoldHere:
    'Zboží {{name}} v tomto skladu není skladem: poslední synchronizace ukázala {{cached, number}} a zde se od té doby prodalo {{sold, number}}.',
  stockAboveSoldHere:
    'Tento prodej by vzal {{wanted, number}} {{unit}} zboží {{name}}, ale sklad má jen {{available, number}} {{unit}} (podle poslední synchronizace {{cached, number}} {{unit}}, z toho se zde od té doby prodalo {{sold, number}} {{unit}}).',
  stockAboveSoldHereNoUnit:
    'Tento prodej by vzal {{wanted, number}} zboží {{name}}, ale sklad má jen {{available, number}} (podle poslední synchronizace {{cached, number}}, z toho se zde od té doby prodalo {{sold, number}}).',
  stockOutSoldInStore:
    'Zboží {{name}} v tomto skladu není skladem: poslední synchronizace ukázala {{cached, number}} a pokladny obchodu od té doby prodaly {{sold, number}} (z toho zde {{here, number}}).',
  stockAboveSoldInStore:
    'Tento prodej by vzal {{wanted, number}} {{unit}} zboží {{name}}, ale sklad má jen {{available, number}} {{unit}} (podle poslední synchronizace {{cached, number}} {{unit}}, z toho pokladny obchodu od té doby prodaly {{sold, number}} {{unit}}, zde {{here, number}} {{unit}}).',
  stockAboveSoldInStoreNoUnit:
    'Tento prodej by vzal {{wanted, number}} zboží {{name}}, ale sklad má jen {{available, number}} (podle poslední synchronizace {{cached, number}}, z toho pokladny obchodu od té doby prodaly {{sold, number}}, zde {{here, number}}).',
  stockBlocked: 'Nastavení takový prodej nedovoluje: nic se nezměnilo.',
  noSession: 'Nákup {{sessionId}} neexistuje.',
  noOpenSession: 'Není otevřený žádný nákup.',
  sessionNotOpen: 'Nákup {{sessionId}} je ve stavu {{state}}.',
  noLine: 'Položka {{lineId}} není v otevřeném nákupu.',
  lineNotRemoved: 'Položka {{lineId}} nebyla z otevřeného nákupu odebrána.',
  emptySession: 'Před odesláním objednávky naskenujte aspoň jedno zboží.',
  noCustomer:
    'Nejdřív naskenujte kartu zákazníka, nebo v Nastavení určete anonymního zákazníka: služba potřebuje zákazníka u každé objednávky.',
  noWarehouse: 'Nejdřív v Nastavení vyberte sklad této pokladny.',
  tenderNotANumber: 'Přijatá částka musí být číslo, 0 nebo víc.',
  tenderShort: 'Přijatá částka ({{given}}) je nižší než celkem k úhradě ({{total}}).',
  nothingToPark: 'Není co odložit: nákup nemá žádné zboží ani zákazníka.',
  notParked: 'Nákup {{sessionId}} není odložený (už byl vyvolán, odeslán nebo zrušen).',
  parkedTaken: 'Tento odložený nákup už vyvolala pokladna {{till}}: je teď na ní.',
  parkedExchange:
    'Tento odložený nákup obsahuje výměnu za zboží z účtenky {{receipt}}: dokončete ho na pokladně {{till}}, kde bylo zboží vráceno.',
  parkedStoreOffline:
    'Nákup odložený na jiné pokladně lze vyvolat jen se spojením s ostatními pokladnami, aby ho zároveň nevyvolala jiná.',
  requestInvalid: 'Neprovedeno: zadaná hodnota není platná.',
  fieldInvalid: 'Tato hodnota tu není platná.',
  notAUrl: 'Toto není webová adresa: napište ji celou, například https://shop.example.com.',
  unknownCall: 'Neznámé volání.',
  serialScanTaken: 'Tento sken už byl převzat.',
  coreNoAnswer:
    'Jádro aplikace neodpovědělo: není jisté, zda se to provedlo. Než to zopakujete, zkontrolujte to.',
  coreNotReached: 'Volání se k jádru aplikace nedostalo: nic se neprovedlo. Zkuste to znovu.',
  coreRefusedCall: 'Jádro aplikace volání odmítlo ({{status}}).',
  tenderShortRest: 'Přijatá hotovost ({{given}}) je nižší než zbytek k úhradě v hotovosti ({{total}}).',
  tenderSplitCard:
    'Část kartou ({{card}}) musí být víc než 0 a méně než celkem k úhradě ({{total}}); zbytek se platí v hotovosti.',
  tenderSplitNoCash:
    'Část kartou ({{card}}) nechává z celkové částky ({{total}}) jen {{rest}}, což se v hotovosti zaokrouhlí na nic: zaplaťte kartou celou částku, nebo méně.',
  shiftClosed:
    'Na této pokladně není otevřená žádná směna: nejdřív ji otevřete s hotovostí vloženou do zásuvky.',
  shiftAlreadyOpen: 'Směna {{id}} je už otevřená (od {{since}}): před otevřením další ji uzavřete.',
  shiftNoneClosed: 'Na této pokladně ještě nebyla uzavřena žádná směna.',
  signedOut: 'Nejdřív se přihlaste svým PINem pokladní.',
  cashierPinWrong: 'Nesprávný PIN pro {{name}}: zbývá pokusů: {{tries}}.',
  cashierLockedOut: 'Příliš mnoho nesprávných PINů pro {{name}}: zkuste to znovu za minutu.',
  cashierUnknown: 'Pokladní {{id}} na této pokladně není.',
  cashierNameTaken: 'Pokladní se jménem {{name}} už existuje.',
  starting: 'Aplikace se spouští. Zkuste to znovu.',
  notConfigured: 'Není nastavena žádná instance: nastavte ji v Nastavení.',
  orderNotInOutbox: 'Objednávka {{id}} není mezi odchozími.',
  orderChanged:
    'Objednávka {{id}} se mezitím změnila: teď to s ní nejde udělat. Podívejte se na její stav v seznamu.',
  orderSettling: 'Objednávka {{id}} se právě ověřuje na instanci: zkuste to za chvíli znovu.',
  orderOtherInstance:
    'Objednávka {{id}} patří instanci {{instance}}, ne té, která se používá: stornujte ji tam.',
  orderDependents: 'Objednávku {{id}} nelze stornovat: závisí na ní jiné záznamy na instanci.',
  orderNotCancelled: 'Objednávku {{id}} se nepodařilo stornovat.',
  noOrder: 'Objednávka {{id}} neexistuje.',
  offline: 'Instance je teď nedostupná.',
  orderInvalid: 'Objednávka není platná.',
  lacksPermission: 'Klientovi této pokladny chybí oprávnění {{permission}}.',
  lacksAPermission: 'Klientovi této pokladny chybí oprávnění.',
  credentialsRefused: 'Instance odmítla ID klienta nebo tajný klíč.',
  failed: 'Něco se pokazilo. Podrobnosti jsou v logu.',
  whyTimeout: 'Neodpověděla včas.',
  whyRefused: 'Na té adrese nic neodpovídá ({{code}}).',
  whyUnknownHost: 'Název serveru není známý ({{code}}).',
  whyNoRoute: 'Síť se k ní nedostane ({{code}}).',
  whyConnectionLost: 'Spojení se přerušilo ({{code}}).',
  whyCertificate: 'Jejímu certifikátu se nedůvěřuje ({{code}}).',
  whyCode: 'Systém hlásí {{code}}.',
  whyUnknown: 'Důvod nebyl uveden.',
  instanceUnreadable: 'Instance odpověděla něčím, co Counter neumí přečíst.',
  notOffered: 'Instance tohle nenabízí.',
  stopped: 'Zastaveno před dokončením.',
  answeredStatus: 'Instance odpověděla {{status}}.',
  instanceSays: 'Instance říká: {{text}}',
  syncNotSynced: 'Nesynchronizováno.',
  syncFailed: 'Synchronizace selhala.',
  syncRetrying: 'Zkouší se znovu.',
  syncKeysFailed: 'Neúspěšné požadavky: {{count}}.',
  syncThreadStopped:
    'Synchronizace se u této části zastavila ({{reason}}); části po ní se synchronizovaly bez ní.',
  syncPassDeadline:
    'Synchronizace trvala déle než povolených {{seconds}} s a zde se zastavila; co se stihlo, zůstává a další synchronizace naváže.',
  lockedSettings: 'Změna nastavení vyžaduje PIN vedoucího.',
  lockedDiscard: 'Zahození objednávky vyžaduje PIN vedoucího.',
  lockedCancel: 'Zrušení objednávky na instanci vyžaduje PIN vedoucího.',
  lockedMarkSent: 'Označení objednávky jako odeslané vyžaduje PIN vedoucího.',
  lockedPrice: 'Zadání ceny vyžaduje PIN vedoucího.',
  lockedDiscount: 'Sleva na položku nebo změna ceny vyžaduje PIN vedoucího.',
  lockedCashiers: 'Přidání nebo odebrání pokladní vyžaduje PIN vedoucího.',
  lockedShiftDifference:
    'Napočítaná hotovost se od očekávané liší o {{difference}}, víc než je limit {{limit}}: uzavření směny vyžaduje PIN vedoucího.',
  lockedDrawer: 'Otevření zásuvky bez prodeje vyžaduje PIN vedoucího.',
  returnUnknownReceipt:
    'Žádný prodej této pokladny nemá účtenku „{{text}}“: napište její číslo, jak je vytištěné (P1-000123), nebo naskenujte její QR kód.',
  returnNotASale:
    'Účtenka „{{text}}“ nepatří k zaplacenému prodeji (byl stornován nebo nebyl uzavřen): nic nelze vrátit.',
  returnUnknownProduct: 'Zboží {{productId}} na účtence {{receipt}} není.',
  returnLinesNotKept:
    'Položky účtenky „{{text}}“ už tato pokladna neuchovává (její historie byla zkrácena dřív, než existovaly vratky): vraťte ji přes kancelář.',
  returnNothingLeft: 'Všechno z účtenky {{receipt}} už bylo vráceno.',
  returnNothingChosen: 'Vyberte, co se vrací: řádek a jeho množství.',
  returnTooMuch: 'Z položky {{name}} lze vrátit jen {{left}}: prodáno bylo {{sold}} a zbytek už byl vrácen.',
  returnQuantity:
    '{{quantity}} není množství, které lze vrátit: číslo větší než nula s nejvýše třemi desetinnými místy.',
  returnNeedsPinAmount:
    'Vrácení {{refund, amount}} je víc než limit {{limit, amount}}: potřebuje PIN vedoucího.',
  returnNeedsPinDays:
    'Prodej byl před {{days}} dny, víc než {{limit}} dní pro vrácení: potřebuje PIN vedoucího.',
  returnNeedsPinNoReceipt:
    'Vratka bez účtenky vyžaduje PIN vedoucího: vedoucí potvrdí cenu zboží {{name}} ({{price, amount}} za kus).',
  returnNoReceiptAlso: 'A zboží {{name}} ({{price, amount}} za kus).',
  returnNoReceiptNoProduct: 'Zboží s kódem „{{code}}“ není v offline katalogu tohoto skladu.',
  returnNoReceiptNoPrice: '{{name}} nemá v katalogu cenu: vedoucí zadá cenu, za kterou se vrací.',
  returnNoReceiptPrice:
    '{{price}} není cena, za kterou lze vrátit {{name}}: číslo větší než nula s nejvýše čtyřmi desetinnými místy.',
  returnNeedsPinTender: 'Vrátit peníze jiným způsobem, než se platilo, lze jen s PINem vedoucího.',
  returnNotFound: 'Vratka {{id}} na této pokladně není.',
  returnNotBackOffice: 'Vratka {{number}} nečeká na zaúčtování v kanceláři.',
  exchangeNoSale: 'Výměna potřebuje nejdřív nový prodej na pokladně: naskenujte, co si zákazník bere.',
  returnNotInDoubt: 'Vratka {{number}} není nejistá: není co vyřešit.',
  lockedReturnBooked: 'Označit vratku jako zaúčtovanou v back office vyžaduje PIN vedoucího.',
  lockedReturnSettle: 'Vyřešit nejistou vratku vyžaduje PIN vedoucího.',
  returnCardNotRefunded:
    'Nejdřív vraťte {{amount, amount}} na kartu na platebním terminálu, pak potvrďte, že je to hotové.',
  returnNeedsPinStore:
    'Účtenku {{receipt}} vydala pokladna {{till}} a tato pokladna se nespojí s ostatními pokladnami obchodu, takže nemůže ověřit, že tam zboží už nebylo vráceno: potřebuje PIN vedoucího.',
  returnReceiptAmbiguous:
    'Účtenku „{{text}}“ vydalo víc pokladen ({{tills}}): naskenujte její QR kód nebo napište její referenci.',
  returnClaimedInStore:
    'Z položky {{name}} lze vrátit jen {{left}}: prodáno bylo {{sold}} a zbytek už byl vrácen na pokladnách obchodu.',
  scannerBaudInvalid: '{{name}}={{value}} není rychlost sériové linky: použijte jednu z {{rates}}.',
  scannerLineEndInvalid: '{{name}}={{value}}: řádek končí any, cr, lf, crlf nebo tab.',
  scannerPortOptionUnknown:
    '{{name}}: „{{option}}“ není volba portu (nebo je zadána dvakrát): použijte {{options}}.',
  scannerSetTwice: '{{port}} a {{name}}={{value}} říkají každý něco jiného: zadejte to na jednom místě.',
  noPrinter:
    'Tiskárna účtenek není nastavena: zadejte její adresu v Nastavení (tcp://ADRESA:PORT) nebo zvolte systémovou tiskárnu.',
  printerAddressScheme:
    'Adresa tiskárny začíná tcp:// (síťová tiskárna, například tcp://192.168.1.50:9100) nebo printer: (systémová tiskárna podle názvu, například printer:Receipt).',
  printerAddressUnreadable: '„{{address}}“ není adresa tiskárny jako tcp://192.168.1.50:9100.',
  printerAddressNoHost: 'V adrese tiskárny chybí počítač (tcp://ADRESA:PORT).',
  printerAddressExtra: 'Adresa tiskárny je jen tcp://ADRESA:PORT, bez uživatele, hesla, cesty či #části.',
  printerAddressPort: 'Port tiskárny je číslo od 1 do 65535.',
  printerAddressColumns: 'columns={{value}}: tištěný řádek má 32, 42 nebo 48 znaků.',
  printerAddressModel: 'model={{value}} není model tiskárny, který Counter zná (například epson-tm-t20iii).',
  printerAddressOption: '„{{name}}“ není nastavení tiskárny (columns, model).',
  printerQueueNone: 'Za printer: následuje název systémové tiskárny, například printer:Receipt.',
  printerQueueDash: '„{{name}}“ není název systémové tiskárny: nesmí začínat znakem „-“.',
  printerQueueName:
    '„{{name}}“ není název systémové tiskárny: nejvýš 127 znaků, bez mezer, /, \\, ?, # a uvozovek.',
  printerUnreachable: 'Tiskárna účtenek {{printer}} neodpovídá: je zapnutá a připojená?',
  printerPaperOut: 'V tiskárně účtenek {{printer}} došel papír.',
  printerStalled:
    'Tiskárna účtenek {{printer}} nic nepřijímá: zkontrolujte, zda se nezasekl papír nebo není otevřený kryt.',
  printerMaybe: 'Spojení s tiskárnou účtenek {{printer}} se při tisku přerušilo: část se možná vytiskla.',
  describeGtin: '{{format}}, správná kontrolní číslice',
  describeEmbeddedPrice: 'EAN-13 s cenou v kódu, zboží {{product}}, cena {{value}}',
  describeEmbeddedWeight: 'EAN-13 s hmotností v kódu, zboží {{product}}, hmotnost {{value}}',
  describeEmbeddedQuantity: 'EAN-13 s množstvím v kódu, zboží {{product}}, množství {{value}}',
  describeGs1: 'GS1 řetězec prvků, {{parts}}',
  describeMisread: 'chybně načteno,',
  describeOther: 'jiný kód, není GTIN: hledá se jako zákaznická karta nebo interní kód',
  featureStockItems: 'Skladové položky',
  featureWarehouses: 'Sklady',
  featureProductUnits: 'Měrné jednotky',
  featureCompanyCards: 'Zákaznické karty',
  featureCompanyRepresentatives: 'Zástupci firem',
  featureFinancialReceivables: 'Pohledávky',
  featureInternetOrderCreate: 'Internetové objednávky',
  featureInternetOrderDelete: 'Rušení objednávek',
  featurePosScan: 'Načtení karty na pokladně',
  featureClientReference: 'Bezpečné opakované odeslání objednávek (Idempotency-Key)',
  tokenUnexpected: 'Token nezískán: něco se pokazilo.',
  tokenRefused: 'Token odmítnut: instance nepřijala klienta „{{clientId}}“ s tímto tajným klíčem.',
  instanceAnswered: 'Odpověděla {{status}}: {{text}}',
  instanceAnsweredStatus: 'Odpověděla {{status}}.',
  tokenUnreachable: 'Token nezískán: {{url}} není dostupná.',
  tokenRateLimited: 'Token nezískán: tokenový endpoint tohoto klienta omezuje; zkuste to později.',
  tokenRateLimitedFor:
    'Token nezískán: tokenový endpoint tohoto klienta omezuje; zkuste to za {{seconds}} s.',
  tokenNoEndpoint:
    'Token nezískán: {{url}} nemá tokenový endpoint (/connect/token odpověděl 404). Je URL instance správně?',
  tokenOther: 'Token nezískán.',
  noInstance: 'Není nastavena žádná instance.',
  permCheckUnexpected: 'Ověření nečekaně selhalo.',
  permAnswered403: 'Instance odpověděla 403.',
  permOperatorCanAdd: 'Správce ho může přidat do role tohoto klienta.',
  permEmptyRefused:
    'Ověřeno prázdným požadavkem, který instance odmítla jako neplatný (400): požadavek, který neprojde kontrolou, nic nezapíše.',
  permEmptyAccepted: 'Instance přijala prázdný požadavek ({{status}}): podívejte se, co uložila.',
  permNotOnInstance: 'Jeho endpoint na této instanci není k dispozici.',
  permProbeUntold:
    'Nezjištěno: tato instance odmítá prázdný požadavek jako neplatný (400), i když roli oprávnění chybí, a objednávku této pokladny kvůli němu odmítla (403). Až ho správce přidá, odešlete tu objednávku znovu z Objednávek.',
  permNotChecked: 'Nelze ověřit.',
  permNeedsProductId:
    'Neověřeno: potřebuje id zboží a žádné není v mezipaměti ani ho nešlo přečíst ze skladových položek.',
  permNeedsCompanyId:
    'Neověřeno: potřebuje id firmy a žádné není v mezipaměti ani ho nešlo přečíst ze zástupců firem.',
  missingClientId: 'Chybí ID klienta.',
  missingClientSecret: 'Chybí tajný klíč klienta.',
  missingClientSecretFor: 'Chybí tajný klíč klienta pro {{origin}}: uložený byl zadán pro jinou instanci.',
  missingHttps:
    'Instance potřebuje https: prosté http je povoleno jen na tentýž počítač (loopback), nebo se zapnutým „Povolit nezabezpečené připojení“.',
  featureNotOnInstance: 'na této instanci není k dispozici',
  storageFull:
    'Do datové složky {{folder}} nelze zapisovat: disk je plný ({{code}}). Poslední změna se neuložila; co bylo uloženo dřív, zůstává. Uvolněte tam místo a zkuste to znovu.',
  storageReadOnly:
    'Do datové složky {{folder}} nelze zapisovat: je jen pro čtení, chybí, nebo do ní tento uživatel nesmí zapisovat ({{code}}). Poslední změna se neuložila; co bylo uloženo dřív, zůstává. Povolte zápis, nebo zvolte jinou datovou složku, a zkuste to znovu.',
  storageIo:
    'Do datové složky {{folder}} nelze zapisovat: disk ohlásil chybu ({{code}}: může být plný, dosažen limit velikosti souboru, nebo disk selhává). Poslední změna se neuložila; co bylo uloženo dřív, zůstává. Uvolněte místo nebo zkontrolujte disk a zkuste to znovu.',
  foundPageSize: 'instance posílá stránky po {{size}} řádcích',
  foundViewLacks: 'jejímu pohledu chybí {{fields}} (tato pole zůstanou prázdná)',
  foundSortRefused: 'neumí řadit podle {{fields}}',
  foundSortInstead: 'neumí řadit podle {{fields}}: Counter místo toho řadí podle {{instead}}',
  foundSortCompleted:
    'neumí řadit podle {{fields}}: jednoznačné řazení nezbylo, proto se její stránky kontrolují proti celkovému počtu a doplňují podle id',
  foundFiltersLastModifyFrom: 'filtruje jen změněné řádky (lastModifyFrom)',
  foundFiltersIds: 'filtruje řádky podle id (ids)',
  foundFiltersIsPaid: 'filtruje jen otevřené pohledávky (isPaid)',
  foundIgnoresLastModifyFrom:
    'nebere ohled na filtr jen změněných řádků (lastModifyFrom): každá synchronizace je úplná',
  foundIgnoresIds: 'nebere ohled na filtr řádků podle id (ids): řádky se vybírají z procházení všeho',
  foundIgnoresIsPaid:
    'nebere ohled na filtr jen otevřených pohledávek (isPaid): čtou se všechny pohledávky a zaplacené se vynechají',
  foundRejectsLastModifyFrom:
    'odmítá filtr jen změněných řádků (lastModifyFrom): každá synchronizace je úplná',
  foundRejectsIds: 'odmítá filtr řádků podle id (ids): řádky se vybírají z procházení všeho',
  foundRejectsIsPaid:
    'odmítá filtr jen otevřených pohledávek (isPaid): čtou se všechny pohledávky a zaplacené se vynechají',
  foundFiltersOther: 'filtruje {{name}}',
  foundIgnoresOther: 'nebere ohled na filtr {{name}}: Counter se obejde bez něj',
  foundRejectsOther: 'odmítá filtr {{name}}: Counter se obejde bez něj',
  foundSkipped: 'přeskočené řádky: {{count}} (nečitelné hodnoty: {{rows}})',
  foundCountDiffers: 'instance jich počítá {{total}}, offline katalog jich má {{count}}',
  foundMoreThanCounted:
    'instance hlásila další stránky i po {{total}} řádcích, které sama počítá (načteno {{sent}}): procházení skončilo u jejího počtu',
  foundRepeatedIds:
    'řádků od instance: {{sent}}, z toho různých id jen {{distinct}}; opakovaná id ({{repeated}}) se uložila jednou',
  insecureUrl:
    '{{url}} používá nešifrované http: tajný klíč klienta a tokeny by šly čitelně po síti. Použijte https, nebo zapněte „povolit nezabezpečené připojení“.',
  labelRuleInvalid:
    'Pravidlo etikety {{type}} {{pattern}} není platné: popisuje 12 číslic před kontrolní číslicí, například 23.....{NNNDD}.',
  walkInUnknown:
    'Firma {{companyId}} není v mezipaměti této pokladny (nebyla synchronizována žádná její karta ani zástupce): vyberte ji ze seznamu.',
  unsentBeforeSwitch:
    'Neodeslané objednávky pro současnou instanci: {{count}}. Před přepnutím instance je odešlete nebo zahoďte (Objednávky).',
  cardBarcodeMissing: 'Naskenujte nebo napište kód nové karty.',
  cardBarcodeTooLong: 'Kód karty má {{length}} znaků; kód karty smí mít nejvýše {{max}}.',
  cardBarcodeTaken:
    'Kód {{barcode}} už má karta „{{card}}“ firmy {{company}}: vezměte jinou kartu z balíčku.',
  cardBarcodeIsProduct:
    'Kód {{barcode}} je čárový kód zboží {{product}}, ne nové karty: vezměte jinou kartu z balíčku.',
  cardBarcodeInvalid: 'Kód {{barcode}} není platný kód pro kartu:',
  cardNameMissing: 'Napište název karty (jméno zákazníka).',
  cardNameTooLong: 'Název karty má {{length}} znaků; název karty smí mít nejvýše {{max}}.',
  cardCompanyUnknown: 'Firma {{companyId}} není v mezipaměti této pokladny: vyberte ji ze seznamu.',
  cardValidToPast: 'Karta by platila jen do {{day, day}}, což je před dneškem.',
  cardPersonNameTooLong: 'Jméno osoby má {{length}} znaků; nejvýše {{max}}.',
  cardPersonNeeded: 'E-mail nebo telefon patří k osobě: napište i její jméno.',
  cardEmailInvalid: '{{email}} není e-mailová adresa (nejvýše {{max}} znaků).',
  cardPhoneInvalid: '{{phone}} není telefonní číslo (číslice, mezery a + ( ) / -, nejvýše {{max}} znaků).',
  cardPermissionMissing:
    'Tato pokladna nemůže vydávat karty: instance nedává jejímu klientovi oprávnění {{permission}}. Správce je může přidat do role klienta.',
} as const satisfies Translation<typeof en>;
