// The stock namespace's English source (see ../catalogue.ts for keys, placeholders and plurals): the
// Stock screen's search, its results and the age of the data.
export const stock = {
  stockLabel: 'Stock',
  searchStock: 'Search stock',
  searchPlaceholder: 'Barcode, product code or name',
  dataFrom: 'Data from {{age}}',
  products_one: '{{count, number}} product',
  products_other: '{{count, number}} products',
  tooManyProducts: '{{limit, number}}+ products, type more',
  typeToSearch: 'type a barcode, product code or name',
  product: 'Product {{id}}',
  warehouse: 'Warehouse',
  inStock: 'In stock',
  available: 'Available',
  blocked: 'Blocked',
  ordered: 'Ordered',
  thisCounter: '(this counter)',
  // What this till sold that the synced figures do not show yet: the figure less it, then how much.
  soldHereNote: '{{available}} · {{sold}} sold here since the last sync',
  // More taken back here than sold since the sync: the goods count back in.
  returnedHereNote: '{{available}} · {{returned}} taken back here since the last sync',
  soldHereExplained:
    'Sold at this till since the figures were synced: the instance has not counted it in them yet.',
  // With the store's other tills (issue 38): the total since the last sync, then each till's part.
  soldInStoreNote: '{{available}} · sold in this store since the last sync: {{sold}} ({{tills}})',
  soldInStoreTill: '{{till}}: {{sold}}',
  soldInStoreHere: 'this till: {{sold}}',
  soldInStoreExplained:
    'Sold (less taken back) at this till and at the store’s other tills since the figures were synced, as far as the store hub has told this till: the instance has not counted it in them yet.',
} as const;
