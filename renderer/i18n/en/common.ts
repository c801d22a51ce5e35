// Words every screen uses: the screen tabs, the status bar, dialogs' buttons, generic failures.
export const common = {
  screens: 'Screens',
  screenSale: 'Sale',
  screenStock: 'Stock',
  screenOrders: 'Orders',
  screenSettings: 'Settings',
  somethingWentWrong: 'Something went wrong.',
  never: 'never',
  unknown: 'unknown',
  lines_one: '{{count, number}} line',
  lines_other: '{{count, number}} lines',
} as const;
