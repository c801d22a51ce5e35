// Stock lookup over the offline cache: search as you type (barcode, code, name), results virtualised,
// quantities per warehouse, and how old the data is. Works offline: it only reads the local cache.
// A scan here looks its code up, wherever focus is (the keymap's scan.stock, store/stock.ts).
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { Fragment, useEffect, useRef } from 'react';
import type { StockProductView } from '../../contract/contract.ts';
import { useTranslation } from 'react-i18next';
import { soldNote, type SoldNote } from '../components/sold-in-store.ts';
import { useFormat } from '../components/use-format.ts';
import { useApp } from '../store/app.ts';
import { RESULT_LIMIT, searchStock } from '../store/stock.ts';

/** A first guess only: rows are measured once painted (a product may be stocked in 1 or 20 warehouses). */
const ESTIMATED_ROW_HEIGHT = 120;

export function Stock() {
  const { text, result, error } = useApp((s) => s.stock);
  const input = useRef<HTMLInputElement>(null);
  const ownWarehouse = useApp((s) => s.settings?.warehouseId ?? null);
  const { t } = useTranslation('stock');
  const format = useFormat();

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
    <section className="stock" data-testid="stock" aria-label={t('stockLabel')}>
      <div className="stock-head">
        <label className="search">
          {t('searchStock')}
          <input
            ref={input}
            data-testid="stock-search"
            type="search"
            value={text}
            onChange={(e) => searchStock(e.target.value)}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
          />
        </label>
        <p className="muted data-age" data-synced-at={result?.syncedAt ?? ''}>
          {t('dataFrom', { age: format.age(result?.syncedAt ?? null) })}
          {/* Nothing typed finds nothing: said as what to type, not as a stock of no products. */}
          {result === null
            ? ''
            : ` · ${text.trim() === '' ? t('typeToSearch') : countLabel(t, products.length)}`}
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
                  <strong>{p.productName ?? t('product', { id: p.productId })}</strong>
                  <span className="muted">
                    {[p.productCode, p.barcode, p.unitOfMeasure].filter(Boolean).join(' · ')}
                  </span>
                  <span className="price">{p.price === undefined ? '' : format.price(p.price)}</span>
                </div>
                <table className="warehouses">
                  <thead>
                    <tr>
                      <th scope="col">{t('warehouse')}</th>
                      <th scope="col">{t('inStock')}</th>
                      <th scope="col">{t('available')}</th>
                      <th scope="col">{t('blocked')}</th>
                      <th scope="col">{t('ordered')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ownFirst(p.warehouses, ownWarehouse).map((w) => {
                      const shown = figuresShown(w);
                      return (
                        <Fragment key={w.warehouseId}>
                          <tr
                            data-warehouse={w.warehouseId}
                            className={w.warehouseId === ownWarehouse ? 'own' : undefined}
                          >
                            <th scope="row" className="wh-name">
                              {w.warehouseName ?? `#${w.warehouseId}`}
                              {w.warehouseId === ownWarehouse ? ` ${t('thisCounter')}` : ''}
                            </th>
                            <td className="wh-qty">{format.qty(shown.inStock)}</td>
                            <td>{format.qty(shown.available)}</td>
                            <td>{format.qty(w.quantityBlocked)}</td>
                            <td>{format.qty(w.quantityOrdered)}</td>
                          </tr>
                          <SoldHere note={soldNote(t, w, format.qty(w.availableNow), (n) => format.qty(n))} />
                        </Fragment>
                      );
                    })}
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

/**
 * The in-stock and available figures to show: the instance's as synced, except that the one the
 * counter sells by (available, else in stock) shows what this till and the store's other tills sold
 * since taken off it.
 */
function figuresShown(w: StockProductView['warehouses'][number]): {
  inStock: number | undefined;
  available: number | undefined;
} {
  if (w.soldHere === undefined && w.soldInStore === undefined)
    return { inStock: w.quantityInStock, available: w.quantityAvailable };
  return w.quantityAvailable !== undefined
    ? { inStock: w.quantityInStock, available: w.availableNow }
    : { inStock: w.availableNow, available: undefined };
}

/** The counter's own warehouse first (what the cashier asks about), the rest in the order given. */
function ownFirst<T extends { warehouseId: number }>(warehouses: readonly T[], own: number | null): T[] {
  const mine = warehouses.filter((w) => w.warehouseId === own);
  return [...mine, ...warehouses.filter((w) => w.warehouseId !== own)];
}

function countLabel(t: TFunction<'stock'>, n: number): string {
  if (n >= RESULT_LIMIT) return t('tooManyProducts', { limit: RESULT_LIMIT });
  return t('products', { count: n });
}

function SoldHere({ note }: { note: SoldNote | undefined }) {
  if (note === undefined) return null;
  return (
    <tr className="sold-here">
      <td colSpan={5} {...note.marks} title={note.title}>
        {note.text}
      </td>
    </tr>
  );
}
