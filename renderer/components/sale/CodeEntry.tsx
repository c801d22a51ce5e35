// The code field: a code typed and Enter adds it (as a scan does); a name typed shows a live list of
// the products it finds in this terminal's warehouse (name, price, stock there). Its keys (arrows,
// Enter, Esc) are the keymap's (find.*); a `3*` typed first adds that many of the next scan or pick.
import { useEffect, useRef } from 'react';
import { useWords } from '../../i18n/kept-words.ts';
import { soldNote, type SoldNote } from '../sold-in-store.ts';
import { useFormat } from '../use-format.ts';
import { useApp } from '../../store/app.ts';
import { addPicked, highlight, typeCode } from '../../store/find.ts';
import { clearEntry, scan, splitQuantity, typedQuantity } from '../../store/sale.ts';
import { Form } from '../Form.tsx';
import './pick-list.css';
import './sale.css';

export function CodeEntry() {
  const entry = useApp((s) => s.sale.entry);
  const find = useApp((s) => s.sale.find);
  const { quantity } = splitQuantity(entry);
  // `5*` alone: Enter sets the selected line to it.
  const typed = typedQuantity(entry);
  // Whether a line is selected (what `5*` would set), not which: a scan selecting its new line
  // renders nothing here.
  const lineSelected = useApp((s) => s.session?.lines[s.sale.selected] !== undefined);
  const listOpen = find.open;
  const t = useWords('sale');
  return (
    <Form
      className="code-entry"
      onSubmit={() => {
        // The store's text, not this render's: typed keys the scanner put back in this same key
        // event may not have rendered yet.
        const trimmed = useApp.getState().sale.entry.trim();
        clearEntry();
        if (trimmed !== '' && splitQuantity(trimmed).rest !== '') void scan(trimmed, 'keyboard');
      }}
    >
      <label>
        {t('codeOrName')}
        <input
          value={entry}
          onChange={(e) => typeCode(e.target.value)}
          placeholder={t('codePlaceholder')}
          autoComplete="off"
          role="combobox"
          aria-expanded={listOpen}
          aria-controls="find-list"
          aria-autocomplete="list"
          aria-activedescendant={
            listOpen && find.highlighted >= 0 ? `find-${String(find.highlighted)}` : undefined
          }
          data-field="code"
        />
      </label>
      <button type="submit" tabIndex={-1}>
        {t('add')}
      </button>
      {(quantity !== undefined || (typed !== undefined && lineSelected)) && (
        <p className="muted entry-hint" data-entry-quantity={quantity}>
          {quantity !== undefined && t('nextAdds', { quantity })}
          {typed !== undefined && lineSelected && (
            <span data-entry-sets={typed}> {t('enterSetsQuantity', { quantity: typed })}</span>
          )}
        </p>
      )}
      {listOpen && <FindList />}
    </Form>
  );
}

function FindList() {
  const find = useApp((s) => s.sale.find);
  const list = useRef<HTMLUListElement>(null);
  const t = useWords('sale');
  const tStock = useWords('stock');
  const format = useFormat();
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [find.highlighted]);
  if (find.results.length === 0) {
    return (
      <p className="find-list empty" id="find-list" data-testid="find-list" data-count="0">
        {t('nothingMatches', { text: find.text })}
      </p>
    );
  }
  return (
    <ul
      className="find-list"
      id="find-list"
      role="listbox"
      aria-label={t('productsFound')}
      data-testid="find-list"
      data-count={find.results.length}
      ref={list}
    >
      {find.results.map((p, i) => (
        <li
          key={p.stockItemId}
          id={`find-${String(i)}`}
          role="option"
          aria-selected={i === find.highlighted}
          className={i === find.highlighted ? 'highlighted' : undefined}
          data-stock-item={p.stockItemId}
          data-product={p.productId}
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => highlight(i)}
          onClick={() => void addPicked(i)}
        >
          <span className="find-name">{p.name}</span>
          <span className="muted find-code">{[p.code, p.barcode].filter(Boolean).join(' · ')}</span>
          <span className="num find-price">{p.price === undefined ? '–' : format.price(p.price)}</span>
          <span className="num find-stock" data-in-stock={p.inStock ?? ''}>
            {p.inStock === undefined
              ? t('stockUnknown')
              : t('stockHere', { quantity: format.qty(p.inStock), unit: p.unit ?? '' })}
          </span>
          <SoldHere note={soldNote(tStock, p, format.qty(p.inStock), (n) => format.qty(n))} />
        </li>
      ))}
    </ul>
  );
}

function SoldHere({ note }: { note: SoldNote | undefined }) {
  if (note === undefined) return null;
  return (
    <span className="find-sold-here" {...note.marks} title={note.title}>
      {note.text}
    </span>
  );
}
