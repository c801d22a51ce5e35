import type { store as en } from '../en/store.ts';
import type { Translation } from '../catalogue.ts';

export const store = {
  storeDown: 'Obchod: bez spojenia s pokladnicami',
  storeDownSince: 'od {{since}}',
  storeDownTitle:
    'Rozbočovač obchodu nie je dostupný: pokladnica predáva sama a predaje ostatným pokladniciam pošle, keď bude späť.',

  hubTitle: 'Rozbočovač obchodu',
  hubHelp:
    'Pokladnice obchodu zdieľajú predaje, zmeny a odložené predaje cez jeden rozbočovač (NATS). Každá pokladnica sa pripojí svojím menom a heslom.',
  hubUrl: 'Adresa rozbočovača',
  hubUrlExample: 'nats://192.168.1.10:4222',
  hubTill: 'Meno tejto pokladnice v obchode',
  hubPassword: 'Heslo tejto pokladnice',
  hubPasswordStored: 'Heslo je uložené (nikdy sa nezobrazí). Nové heslo ho nahradí.',
  hubHosts: 'Rozbočovač obchodu beží na tejto pokladnici',
  hubPort: 'Port',
  hubTills: 'Ostatné pokladnice obchodu (mená oddelené čiarkou)',
  hubSave: 'Uložiť rozbočovač',
  hubSaved: 'Uložené.',
  hubFromEnv: 'Nastavené premennou POS_STORE_HUB: {{url}} ako {{till}} (má prednosť pred týmto nastavením).',
  hubMissing: 'Chýba: {{missing}}',
  missing_url: 'adresa rozbočovača',
  missing_till: 'meno pokladnice',
  missing_password: 'heslo',
  hubConnected: 'Pripojené k rozbočovaču; udalostí odoslaných touto pokladnicou: {{published}}.',
  hubDown: 'Bez spojenia s rozbočovačom od {{since}}.',
  hubOff: 'Rozbočovač obchodu nie je nastavený: pokladnica pracuje sama.',
  hubJournalBreak:
    'Rozbočovač už má iný denník pokladnice „{{till}}“: jeho udalosti do č. {{hubLast}} nie sú udalosti tejto pokladnice (tá ich má {{ownLast}}: toto meno používa aj iná pokladnica, alebo bol dátový priečinok tejto pokladnice nahradený či obnovený zo zálohy). Predaje, zmeny a vratky tejto pokladnice zostávajú uložené tu a ostatným pokladniciam sa neposielajú. Dajte tejto pokladnici nové meno v obchode (vyššie; pokladnica, na ktorej beží rozbočovač, ho pridá medzi svoje pokladnice): jej denník sa potom pošle od prvej udalosti.',
  storeBreak: 'Obchod: predaje sa neposielajú',
  storeBreakTitle:
    'Rozbočovač má pod menom {{till}} iný denník (do č. {{hubLast}}; táto pokladnica má {{ownLast}}): toto meno používa aj iná pokladnica, alebo bol priečinok tejto pokladnice nahradený či obnovený zo zálohy. Predaje, zmeny a vratky zostávajú uložené tu a ostatným pokladniciam sa neposielajú. Dajte tejto pokladnici v Nastaveniach nové meno.',
  hubSeen: 'Viditeľné pokladnice',
  hubSeenRow: '{{till}}: udalostí tu: {{applied}}',
  hubBehind: 'pozadu o {{count}}',
  hubUpToDate: 'aktuálna',
  hubNewPasswords: 'Heslá pokladníc (zobrazia sa len teraz, zadajte ich na každej pokladnici):',
  badTillName: 'Meno pokladnice má 1 až 32 písmen, číslic, - alebo _: „{{name}}“',
  badHubUrl: 'Adresa rozbočovača má tvar nats://POČÍTAČ:PORT: „{{url}}“',
  badPort: 'Port je číslo od 1 do 65535.',

  storeView: 'Obchod',
  thisTillView: 'Táto pokladnica',
  storeViewTitle: 'Pokladnice obchodu',
  storeTill: 'Pokladnica',
  storeShift: 'Zmena',
  storeSales: 'Predaje',
  storeTakings: 'Tržba',
  storeExpectedCash: 'Očakávaná hotovosť',
  storeNoShift: 'zmena zatvorená',
  storeThisTill: '{{till}} (táto pokladnica)',
  storeTotal: 'Spolu obchod',
  storeNoHub: 'Rozbočovač obchodu nie je nastavený: zobrazená je len táto pokladnica.',
  storeOffline: 'Bez spojenia s pokladnicami: ich čísla sú z posledného spojenia.',
} as const satisfies Translation<typeof en>;
