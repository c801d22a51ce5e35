// Stock lookup over the offline cache: search as you type (barcode, code, name), results virtualised,
// quantities per warehouse, and how old the data is. Works offline: it only reads the local cache.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { StockSearchView } from '../../preload/contract.ts';
import { formatAge, formatMoney, formatQty } from '../format.ts';
import { pos } from '../pos.ts';
import { message } from '../store.ts';

const ROW_HEIGHT = 92;

export function Stock() {
  const [text, setText] = useState('');
  const [result, setResult] = useState<StockSearchView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  // Latest query wins: an answer to an older query that arrives late is dropped.
  useEffect(() => {
    let current = true;
    const handle = setTimeout(() => {
      pos
        .invoke('stock.search', { text, limit: 500 })
        .then((r) => {
          if (current) {
            setResult(r);
            setError(null);
          }
        })
        .catch((e: unknown) => {
          if (current) setError(message(e));
        });
    }, 80);
    return () => {
      current = false;
      clearTimeout(handle);
    };
  }, [text]);

  const products = result?.products ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: products.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
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
            onChange={(e) => setText(e.target.value)}
            placeholder="Barcode, product code or name"
            autoComplete="off"
          />
        </label>
        <p className="muted data-age" data-synced-at={result?.syncedAt ?? ''}>
          Data from {formatAge(result?.syncedAt ?? null)}
          {result === null ? '' : ` · ${products.length} product${products.length === 1 ? '' : 's'}`}
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
                className="stock-row"
                data-product={p.productId}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
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
                <ul className="warehouses">
                  {p.warehouses.map((w) => (
                    <li key={w.warehouseId} data-warehouse={w.warehouseId}>
                      <span className="wh-name">{w.warehouseName ?? `#${w.warehouseId}`}</span>
                      <span className="wh-qty" title="in stock">
                        {formatQty(w.quantityInStock)}
                      </span>
                      <span className="muted" title="available / blocked / ordered">
                        avail {formatQty(w.quantityAvailable)} · blk {formatQty(w.quantityBlocked)} · ord{' '}
                        {formatQty(w.quantityOrdered)}
                      </span>
                    </li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
