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
} as const;
