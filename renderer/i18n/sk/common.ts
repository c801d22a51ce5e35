import type { common as en } from '../en/common.ts';
import type { Translation } from '../catalogue.ts';

export const common = {
  screens: 'Obrazovky',
  screenSale: 'Predaj',
  screenStock: 'Sklad',
  screenOrders: 'Objednávky',
  screenSettings: 'Nastavenia',
  somethingWentWrong: 'Niečo sa pokazilo.',
  // The web shell's page without a session of it (main.tsx)
  noLaunchPass:
    'Táto stránka nemá priepustku bežiaceho webového rozhrania, a preto nemôže pracovať. Spustite znova „npm run web“ a otvorte adresu, ktorú vypíše.',
  never: 'nikdy',
  unknown: 'neznáme',
  lines_one: '{{count, number}} riadok',
  lines_few: '{{count, number}} riadky',
  lines_many: '{{count, number}} riadku',
  lines_other: '{{count, number}} riadkov',
  // The status bar
  checking: 'Overujem…',
  online: 'Pripojené',
  offline: 'Bez spojenia',
  demo: 'DEMO',
  demoTitle: 'Vstavaná ukážková inštancia s vygenerovanými údajmi',
  credentialsRefused: 'Prihlásenie odmietnuté',
  credentialsRefusedTitle:
    'Inštancia odpovedá, ale odmietla ID klienta a tajný kľúč: objednávky počkajú, kým ich opravíte (v Nastaveniach, alebo v premenných prostredia POS_*, ak ich nastavujú).',
  insecure: 'Nezabezpečené spojenie',
  insecureTitle: 'Obyčajné http na iný počítač: tajný kľúč klienta a tokeny idú čitateľne. Použite https.',
  noInstance: 'Nie je nastavená žiadna inštancia',
  version: 'v{{version}}',
  queued: '{{queued, number}} v poradí',
  needAttention_one: '{{count, number}} vyžaduje pozornosť',
  needAttention_few: '{{count, number}} vyžadujú pozornosť',
  needAttention_many: '{{count, number}} vyžaduje pozornosť',
  needAttention_other: '{{count, number}} vyžaduje pozornosť',
  lastSync: 'Posledná synchronizácia: {{age}}',
  // The manager PIN prompt
  managerPin: 'PIN vedúceho',
  pin: 'PIN',
  unlock: 'Odomknúť',
  cancel: 'Zrušiť',
  wrongPin_one: 'Nesprávny PIN. Zostáva {{count, number}} pokus, potom sa pokladnica na chvíľu zamkne.',
  wrongPin_few: 'Nesprávny PIN. Zostávajú {{count, number}} pokusy, potom sa pokladnica na chvíľu zamkne.',
  wrongPin_many: 'Nesprávny PIN. Zostáva {{count, number}} pokusu, potom sa pokladnica na chvíľu zamkne.',
  wrongPin_other: 'Nesprávny PIN. Zostáva {{count, number}} pokusov, potom sa pokladnica na chvíľu zamkne.',
  lockedOut: 'Príliš veľa nesprávnych PIN kódov. Skúste to znova o {{time}}.',
  pinNotGiven: 'Nevykonané: PIN vedúceho nebol zadaný.',
  // The terminal's warehouse
  terminalWarehouse: 'Sklad pokladnice',
  syncFirst: '- najprv synchronizujte -',
  choose: '- vyberte -',
  inactive: 'neaktívny',
  whichWarehouse: 'Z ktorého skladu táto pokladnica predáva?',
  whichWarehouseWhy: 'Naskenovaný tovar sa oceňuje a vyskladňuje z neho a objednávky sa zapisujú naň.',
  ordersNotAllowed: 'Objednávky nemožno odoslať: chýba oprávnenie',
  ordersNotAllowedTitle:
    'Inštancia klientovi tejto pokladnice nedovoľuje vytvárať objednávky (Permissions.Orders.Create): predaj sa odmietne ešte pred platbou, kým oprávnenie nedostane. Potom v Nastaveniach stlačte Otestovať pripojenie.',
} as const satisfies Translation<typeof en>;
