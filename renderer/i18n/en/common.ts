// Words every screen uses: the screen tabs, the status bar, dialogs' buttons, generic failures.
export const common = {
  screens: 'Screens',
  screenSale: 'Sale',
  screenStock: 'Stock',
  screenOrders: 'Orders',
  screenSettings: 'Settings',
  somethingWentWrong: 'Something went wrong.',
  // The web shell's page without a session of it (main.tsx)
  noLaunchPass:
    'This page holds no pass of the running web shell, so it cannot work. Start "npm run web" again and open the address it prints.',
  never: 'never',
  unknown: 'unknown',
  lines_one: '{{count, number}} line',
  lines_other: '{{count, number}} lines',
  // The status bar
  checking: 'Checking…',
  online: 'Online',
  offline: 'Offline',
  demo: 'DEMO',
  demoTitle: 'Built-in demo instance with generated data',
  credentialsRefused: 'Credentials refused',
  credentialsRefusedTitle:
    'The instance answers, but refused the client id and secret: orders wait until they are fixed (Settings, or the POS_* environment where it sets them).',
  insecure: 'Insecure connection',
  insecureTitle: 'Plain http to another machine: the client secret and tokens travel readable. Use https.',
  noInstance: 'No instance configured',
  version: 'v{{version}}',
  queued: '{{queued, number}} queued',
  needAttention_one: '{{count, number}} need attention',
  needAttention_other: '{{count, number}} need attention',
  lastSync: 'Last sync: {{age}}',
  // The manager PIN prompt
  managerPin: 'Manager PIN',
  pin: 'PIN',
  unlock: 'Unlock',
  cancel: 'Cancel',
  wrongPin_one: 'Wrong PIN. {{count, number}} try left before a short lockout.',
  wrongPin_other: 'Wrong PIN. {{count, number}} tries left before a short lockout.',
  lockedOut: 'Too many wrong PINs. Try again at {{time}}.',
  pinNotGiven: 'Not done: the manager PIN was not given.',
  // The terminal's warehouse (Settings, and the Sale screen's prompt on a new terminal)
  terminalWarehouse: 'Terminal warehouse',
  syncFirst: '- sync first -',
  choose: '- choose -',
  inactive: 'inactive',
  whichWarehouse: 'Which warehouse does this till sell from?',
  whichWarehouseWhy: 'Scanned goods are priced and stocked from it, and orders are booked to it.',
  ordersNotAllowed: 'Orders cannot be sent: permission missing',
  ordersNotAllowedTitle:
    "The instance does not let this till's client create orders (Permissions.Orders.Create): sales are refused before payment until it is granted. Then press Test connection in Settings.",
} as const;
