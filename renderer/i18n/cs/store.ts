import type { store as en } from '../en/store.ts';
import type { Translation } from '../catalogue.ts';

export const store = {
  storeDown: 'Obchod: bez spojení s pokladnami',
  storeDownSince: 'od {{since}}',
  storeDownTitle:
    'Rozbočovač obchodu není dostupný: pokladna prodává sama a prodeje ostatním pokladnám pošle, až bude zpět.',

  hubTitle: 'Rozbočovač obchodu',
  hubHelp:
    'Pokladny obchodu sdílejí prodeje, směny a odložené prodeje přes jeden rozbočovač (NATS). Každá pokladna se připojí svým jménem a heslem.',
  hubUrl: 'Adresa rozbočovače',
  hubUrlExample: 'nats://192.168.1.10:4222',
  hubTill: 'Jméno této pokladny v obchodě',
  hubPassword: 'Heslo této pokladny',
  hubPasswordStored: 'Heslo je uloženo (nikdy se nezobrazí). Nové heslo ho nahradí.',
  hubHosts: 'Rozbočovač obchodu běží na této pokladně',
  hubPort: 'Port',
  hubTills: 'Ostatní pokladny obchodu (jména oddělená čárkou)',
  hubSave: 'Uložit rozbočovač',
  hubSaved: 'Uloženo.',
  hubFromEnv: 'Nastaveno proměnnou POS_STORE_HUB: {{url}} jako {{till}} (má přednost před tímto nastavením).',
  hubMissing: 'Chybí: {{missing}}',
  missing_url: 'adresa rozbočovače',
  missing_till: 'jméno pokladny',
  missing_password: 'heslo',
  hubConnected: 'Připojeno k rozbočovači; událostí odeslaných touto pokladnou: {{published}}.',
  hubDown: 'Bez spojení s rozbočovačem od {{since}}.',
  hubOff: 'Rozbočovač obchodu není nastaven: pokladna pracuje sama.',
  hubJournalBreak:
    'Rozbočovač už má jiný deník pokladny „{{till}}“: jeho události do č. {{hubLast}} nejsou události této pokladny (ta jich má {{ownLast}}: toto jméno používá i jiná pokladna, nebo byla datová složka této pokladny nahrazena či obnovena ze zálohy). Prodeje, směny a vratky této pokladny zůstávají uloženy zde a ostatním pokladnám se neposílají. Dejte této pokladně nové jméno v obchodě (výše; pokladna, na které běží rozbočovač, ho přidá mezi své pokladny): její deník se pak pošle od první události.',
  storeBreak: 'Obchod: prodeje se neposílají',
  storeBreakTitle:
    'Rozbočovač má pod jménem {{till}} jiný deník (do č. {{hubLast}}; tato pokladna má {{ownLast}}): toto jméno používá i jiná pokladna, nebo byla složka této pokladny nahrazena či obnovena ze zálohy. Prodeje, směny a vratky zůstávají uloženy zde a ostatním pokladnám se neposílají. Dejte této pokladně v Nastavení nové jméno.',
  hubSeen: 'Viditelné pokladny',
  hubSeenRow: '{{till}}: událostí zde: {{applied}}',
  hubBehind: 'pozadu o {{count}}',
  hubUpToDate: 'aktuální',
  hubNewPasswords: 'Hesla pokladen (zobrazí se jen teď, zadejte je na každé pokladně):',
  badTillName: 'Jméno pokladny má 1 až 32 písmen, číslic, - nebo _: „{{name}}“',
  badHubUrl: 'Adresa rozbočovače má tvar nats://POČÍTAČ:PORT: „{{url}}“',
  badPort: 'Port je číslo od 1 do 65535.',

  storeView: 'Obchod',
  thisTillView: 'Tato pokladna',
  storeViewTitle: 'Pokladny obchodu',
  storeTill: 'Pokladna',
  storeShift: 'Směna',
  storeSales: 'Prodeje',
  storeTakings: 'Tržba',
  storeExpectedCash: 'Očekávaná hotovost',
  storeNoShift: 'směna zavřena',
  storeThisTill: '{{till}} (tato pokladna)',
  storeTotal: 'Celkem obchod',
  storeNoHub: 'Rozbočovač obchodu není nastaven: zobrazena je jen tato pokladna.',
  storeOffline: 'Bez spojení s pokladnami: jejich čísla jsou z posledního spojení.',
} as const satisfies Translation<typeof en>;
