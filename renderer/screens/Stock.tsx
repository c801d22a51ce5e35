// Stock lookup over the offline cache: search as you type (barcode, code, name), results virtualised,
// quantities per warehouse, and how old the data is. Works offline: it only reads the local cache.
// A scan here looks its code up, wherever focus is (the keymap's scan.stock, store/stock.ts).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { formatAge, formatMoney, formatQty } from '../format.ts';
import { useApp } from '../store.ts';
import { RESULT_LIMIT, searchStock } from '../store/stock.ts';

/** A first guess only: rows are measured once painted (a product may be stocked in 1 or 20 warehouses). */
const ESTIMATED_ROW_HEIGHT = 120;

export function Stock() {
  const { text, result, error } = useApp((s) => s.stock);
  const input = useRef<HTMLInputElement>(null);
  const ownWarehouse = useApp((s) => s.settings?.warehouseId ?? null);

  // Each visit starts with an empty search in the field.
  useEffect(() => {
    searchStock('');
    input.current?.focus();
  }, []);

  const products = result?.products ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: products.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => products[index]?.productId ?? index,
    overscan: 6,
  });

  return (
    <section className="stock" data-testid="stock" aria-label="Stock">
      <div className="stock-head">
        <label className="search">
          Search stock
          <input
            ref={input}
            data-testid="stock-search"
            type="search"
            value={text}
            onChange={(e) => searchStock(e.target.value)}
            placeholder="Barcode, product code or name"
            autoComplete="off"
          />
        </label>
        <p className="muted data-age" data-synced-at={result?.syncedAt ?? ''}>
          Data from {formatAge(result?.syncedAt ?? null, { never: 'never', unknown: 'unknown' })}
          {result === null ? '' : ` · ${countLabel(products.length)}`}
        </p>
      </div>
      {error !== null && <p className="notice error">{error}</p>}
      <div className="results" ref={scroller} data-testid="stock-results" data-count={products.length}>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((row) => {
            const p = products[row.index];
            if (p === undefined) return null;
            return (
              <article
                key={p.productId}
                ref={virtual.measureElement}
                data-index={row.index}
                className="stock-row"
                data-product={p.productId}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${row.start}px)`,
                }}
              >
                <div className="stock-title">
                  <strong>{p.productName ?? `Product ${p.productId}`}</strong>
                  <span className="muted">
                    {[p.productCode, p.barcode, p.unitOfMeasure].filter(Boolean).join(' · ')}
                  </span>
                  <span className="price">{p.price === undefined ? '' : formatMoney(p.price)}</span>
                </div>
                <table className="warehouses">
                  <thead>
                    <tr>
                      <th scope="col">Warehouse</th>
                      <th scope="col">In stock</th>
                      <th scope="col">Available</th>
                      <th scope="col">Blocked</th>
                      <th scope="col">Ordered</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ownFirst(p.warehouses, ownWarehouse).map((w) => (
                      <tr
                        key={w.warehouseId}
                        data-warehouse={w.warehouseId}
                        className={w.warehouseId === ownWarehouse ? 'own' : undefined}
                      >
                        <th scope="row" className="wh-name">
                          {w.warehouseName ?? `#${w.warehouseId}`}
                          {w.warehouseId === ownWarehouse ? ' (this counter)' : ''}
                        </th>
                        <td className="wh-qty">{formatQty(w.quantityInStock)}</td>
                        <td>{formatQty(w.quantityAvailable)}</td>
                        <td>{formatQty(w.quantityBlocked)}</td>
                        <td>{formatQty(w.quantityOrdered)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** The counter's own warehouse first (what the cashier asks about), the rest in the order given. */
function ownFirst<T extends { warehouseId: number }>(warehouses: readonly T[], own: number | null): T[] {
  const mine = warehouses.filter((w) => w.warehouseId === own);
  return [...mine, ...warehouses.filter((w) => w.warehouseId !== own)];
}

function countLabel(n: number): string {
  if (n >= RESULT_LIMIT) return `${String(RESULT_LIMIT)}+ products, type more`;
  return `${String(n)} product${n === 1 ? '' : 's'}`;
}
