import type { settings as en } from '../en/settings.ts';
import type { Translation } from '../catalogue.ts';

export const settings = {
  settings: 'Nastavenia',
  loading: 'Načítava sa…',
  saved: 'Uložené.',

  languageTitle: 'Jazyk',
  languageLegend: 'Jazyk obrazoviek',
  languageSystem: 'Podľa systému ({{language}})',
  languageHelp: 'Obrazovky sa prepnú hneď. Podľa systému znamená jazyk počítača (alebo prehliadača).',

  currencyTitle: 'Mena cien',
  currencyLabel: 'Mena cien (ISO 4217, napr. EUR, CZK; prázdne: podľa pohľadávok)',
  currencySave: 'Uložiť menu',
  currencyInEffectSet: 'Ceny sa zobrazujú v {{currency}} (nastavené tu).',
  currencyInEffectLearnt: 'Ceny sa zobrazujú v {{currency}} (podľa pohľadávok).',
  currencyInEffectNone:
    'Ceny sa zobrazujú bez meny: tu nie je nastavená žiadna a žiadna pohľadávka ju neuvádza.',

  instanceTitle: 'Inštancia',
  sourceDemo: 'Beží na vstavanej DEMO inštancii. Zadajte svoju inštanciu, ktorá ju nahradí.',
  sourceEnv: 'Nastavené premennými prostredia POS_* (majú prednosť pred týmito nastaveniami).',
  sourceSettings: 'Nastavené tu.',
  instanceUrl: 'URL inštancie',
  clientId: 'ID klienta',
  clientSecret: 'Tajný kľúč klienta',
  secretPlaceholderStored: 'uložený – píšte pre nahradenie',
  secretPlaceholderNone: 'nenastavený',
  secretSafeStorage: 'Tajný kľúč je uložený, zašifrovaný operačným systémom.',
  secretEnv: 'Tajný kľúč pochádza z POS_CLIENT_SECRET.',
  secretSession:
    'Tajný kľúč platí len pre toto sedenie: šifrované úložisko tu nie je k dispozícii (webová verzia alebo chýba kľúčenka systému), takže sa po reštarte zadáva znova.',
  secretNone: 'Nie je uložený žiadny tajný kľúč.',
  allowInsecure:
    'Povoliť nezabezpečené pripojenie (obyčajné http na iný počítač: tajný kľúč aj tokeny idú sieťou čitateľne)',
  save: 'Uložiť',
  forgetSecret: 'Zabudnúť tajný kľúč',

  connectionTitle: 'Pripojenie',
  testConnection: 'Otestovať pripojenie',
  testing: 'Testujem…',
  notConnected: 'Nepripojené.',
  connectedLacksMany:
    'Pripojené, ale roli tohto klienta chýba {{lacking, number}} z {{total, number}} oprávnení, ktoré Counter potrebuje.',
  connectedLacksFor: 'Pripojené, ale roli tohto klienta chýba, čo Counter potrebuje pre: {{what}}.',
  connectedSomeUnknown:
    'Pripojené: z {{total, number}} oprávnení, ktoré Counter potrebuje, je {{granted, number}} udelených, pri {{unknown, number}} to nie je známe.',
  connectedAll: 'Pripojené: všetky oprávnenia, ktoré Counter potrebuje, sú udelené.',
  token: 'Token',
  tokenObtained: '✓ získaný',
  tokenNotObtained: '✗ nezískaný ({{reason}})',
  tokenFailed: 'chyba',
  instance: 'Inštancia',
  version: 'Verzia',
  notReported: 'neuvedené',
  permissions: 'Oprávnenia',
  permissionsGranted: 'udelené {{granted, number}} z {{total, number}}',
  permissionLacking: 'chýba',
  permissionUnknown: 'neznáme',
  features: 'Funkcie',

  syncTitle: 'Synchronizácia',
  syncNow: 'Synchronizovať',
  syncing: 'Synchronizujem…',
  fullSync: 'Úplná synchronizácia',
  fullSyncHint: 'Stiahnuť všetko znova a zahodiť, čo inštancia už nemá',
  lastCompleteSync: 'Posledná úplná synchronizácia: {{age}}',
  syncEvery: 'Synchronizovať každých (minút, 0 = len ručne a po obnovení spojenia)',
  resourceWarehouses: 'Sklady',
  resourceStockItems: 'Skladové položky',
  resourceProductUnits: 'Merné jednotky',
  resourceCompanyRepresentatives: 'Zástupcovia firiem',
  resourceFinancialReceivables: 'Pohľadávky',
  resourceCompanyCards: 'Zákaznícke karty',
  neverSynced: 'zatiaľ nesynchronizované',
  syncedAgo: 'synchronizované {{age}}',
  progress: '{{resource}}: priebeh',
  syncFailed: 'chyba',
  found: 'Zistené: {{found}}',

  warehouseTitle: 'Sklad pokladnice',

  labelRulesTitle: 'Etikety s cenou a hmotnosťou',
  labelRulesHelp:
    'Jedno pravidlo na riadok, platí prvá zhoda: <code>price 23.....{NNNDD}</code> = predčíslie 23, päť číslic tovaru, cena z troch celých a dvoch desatinných číslic (potom nasleduje kontrolná číslica).',
  labelRules: 'Pravidlá',
  labelRuleWrong: 'Riadok {{line, number}}: napíšte „price“, „weight“ alebo „quantity“ a za to vzor.',
  labelRulesSaved_one: 'Uložené: {{count, number}} pravidlo.',
  labelRulesSaved_few: 'Uložené: {{count, number}} pravidlá.',
  labelRulesSaved_many: 'Uložené: {{count, number}} pravidla.',
  labelRulesSaved_other: 'Uložené: {{count, number}} pravidiel.',
  saveRules: 'Uložiť pravidlá',

  walkInTitle: 'Anonymný zákazník',
  walkInHelp:
    'Predaj bez načítanej zákazníckej karty ide na tohto zákazníka (služba ho potrebuje pri každej objednávke).',
  walkInNone: 'Žiadny: pri každom predaji treba načítať kartu.',
  walkInNow: 'Teraz:',
  walkInClear: 'Zrušiť',
  walkInFind: 'Nájsť firmu podľa názvu alebo ID',
  walkInNoMatch: 'Žiadna známa firma nezodpovedá.',
  walkInNoName: 'Bez názvu',

  pinTitle: 'PIN vedúceho',
  pinSetHelp:
    'Nastavený. Zmeny nastavení, zahodenie objednávky, jej zrušenie na inštancii a označenie ako odoslanej ho vyžadujú; nastavenia sa dajú prezerať aj bez neho.',
  pinNotSetHelp:
    'Nenastavený: ktokoľvek pri tejto pokladnici môže meniť nastavenia a zahadzovať či rušiť objednávky.',
  pinDigits: 'PIN musí mať 4 až 12 číslic.',
  pinsDiffer: 'Zadané PINy sa líšia: napíšte dvakrát ten istý.',
  pinChanged: 'PIN zmenený.',
  pinSetDone: 'PIN nastavený.',
  pinRemoved: 'PIN odstránený.',
  pinNew: 'Nový PIN (4–12 číslic)',
  pinFirst: 'PIN (4–12 číslic)',
  pinAgain: 'Ten istý PIN znova',
  pinChange: 'Zmeniť PIN',
  pinSet: 'Nastaviť PIN',
  pinRemove: 'Odstrániť PIN',

  receiptsTitle: 'Pokladničné doklady',
  receiptPaper: 'Papier pre bločky',
  paperWidth: '{{mm, number}} mm',
  receiptPrintHelp:
    'Bločky sa tlačia cez systémový dialóg tlače (v aplikácii tlačou Electronu, vo webovej verzii tlačou prehliadača); pre PDF tam zvoľte „Uložiť ako PDF“.',
} as const satisfies Translation<typeof en>;
