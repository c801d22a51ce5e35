import type { common as en } from '../en/common.ts';
import type { Translation } from '../catalogue.ts';

export const common = {
  screens: 'Obrazovky',
  screenSale: 'Prodej',
  screenStock: 'Sklad',
  screenOrders: 'Objednávky',
  screenSettings: 'Nastavení',
  somethingWentWrong: 'Něco se pokazilo.',
  // The web shell's page without a session of it (main.tsx)
  noLaunchPass:
    'Tato stránka nemá propustku běžícího webového rozhraní, a proto nemůže pracovat. Spusťte znovu „npm run web“ a otevřete adresu, kterou vypíše.',
  never: 'nikdy',
  unknown: 'neznámo',
  lines_one: '{{count, number}} řádek',
  lines_few: '{{count, number}} řádky',
  lines_many: '{{count, number}} řádku',
  lines_other: '{{count, number}} řádků',
  // The status bar
  checking: 'Ověřuji…',
  online: 'Připojeno',
  offline: 'Bez spojení',
  demo: 'DEMO',
  demoTitle: 'Vestavěná ukázková instance s vygenerovanými daty',
  credentialsRefused: 'Přihlášení odmítnuto',
  credentialsRefusedTitle:
    'Instance odpovídá, ale odmítla ID klienta a tajný klíč: objednávky počkají, než je opravíte (v Nastavení, nebo v proměnných prostředí POS_*, pokud je nastavují).',
  insecure: 'Nezabezpečené spojení',
  insecureTitle: 'Prosté http na jiný počítač: tajný klíč klienta a tokeny putují čitelně. Použijte https.',
  noInstance: 'Není nastavena žádná instance',
  version: 'v{{version}}',
  queued: '{{queued, number}} ve frontě',
  needAttention_one: '{{count, number}} vyžaduje pozornost',
  needAttention_few: '{{count, number}} vyžadují pozornost',
  needAttention_many: '{{count, number}} vyžaduje pozornost',
  needAttention_other: '{{count, number}} vyžaduje pozornost',
  lastSync: 'Poslední synchronizace: {{age}}',
  // The manager PIN prompt
  managerPin: 'PIN vedoucího',
  pin: 'PIN',
  unlock: 'Odemknout',
  cancel: 'Zrušit',
  wrongPin_one: 'Chybný PIN. Zbývá {{count, number}} pokus, pak se pokladna na chvíli zamkne.',
  wrongPin_few: 'Chybný PIN. Zbývají {{count, number}} pokusy, pak se pokladna na chvíli zamkne.',
  wrongPin_many: 'Chybný PIN. Zbývá {{count, number}} pokusu, pak se pokladna na chvíli zamkne.',
  wrongPin_other: 'Chybný PIN. Zbývá {{count, number}} pokusů, pak se pokladna na chvíli zamkne.',
  lockedOut: 'Příliš mnoho chybných PINů. Zkuste to znovu v {{time}}.',
  pinNotGiven: 'Neprovedeno: PIN vedoucího nebyl zadán.',
  // The terminal's warehouse
  terminalWarehouse: 'Sklad pokladny',
  syncFirst: '- nejdřív synchronizujte -',
  choose: '- vyberte -',
  inactive: 'neaktivní',
  whichWarehouse: 'Z kterého skladu tato pokladna prodává?',
  whichWarehouseWhy: 'Naskenované zboží se oceňuje a vyskladňuje z něj a objednávky se zapisují na něj.',
  ordersNotAllowed: 'Objednávky nelze odeslat: chybí oprávnění',
  ordersNotAllowedTitle:
    'Instance klientovi této pokladny nedovoluje vytvářet objednávky (Permissions.Orders.Create): prodej se odmítne ještě před platbou, dokud oprávnění nedostane. Pak v Nastavení stiskněte Otestovat připojení.',
} as const satisfies Translation<typeof en>;
