// The parked sales of this till (F10 on the Sale screen): the sale on the counter can be parked
// (F10 again), a parked one recalled (arrows, Enter; or a click). Each shows when it was parked,
// its line count, its total and the card's name. Keys: actions/keymap.ts; actions: store/parked.ts.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app.ts';
import {
  amounts,
  behindStatus,
  closeParked,
  hasContent,
  highlightParked,
  parkedInStore,
  parkSale,
  recallable,
  recallParked,
  refreshParked,
  storeDown,
  useParked,
} from '../../store/parked.ts';
import { useDialogFocus } from '../dialog.ts';
import { ActionButton } from '../DialogActions.tsx';
import { Modal } from '../Modal.tsx';
import { useFormat } from '../use-format.ts';
import './pick-list.css';
import './parked.css';

export function ParkedSales() {
  const open = useParked((s) => s.open);
  return open ? <Dialog /> : null;
}

function Dialog() {
  const { t } = useTranslation('parked');
  const format = useFormat();
  const { list, highlighted, error, busy } = useParked();
  const session = useApp((s) => s.session);
  // Out of reach of the store hub, the other tills' parked sales are not listed: said so.
  const down = useApp((s) => storeDown(s.status));
  // Another till parked or took a sale, or the hub came or went, since the list was asked for (while
  // it is open, or while its call was on its way): it is read again.
  const inStore = useApp((s) => parkedInStore(s.status));
  const asked = useParked((s) => s.asked);
  useEffect(() => {
    if (behindStatus(asked, { inStore, storeDown: down })) void refreshParked();
  }, [asked, inStore, down]);
  // The list takes focus (arrows and Enter); with nothing parked, the words saying so do, never the
  // Park button: an Enter there (a person's, or one that ends a scan the scanner did not take for
  // one) would park the sale unasked. Enter with no sale listed recalls nothing; F10 parks.
  const focusRef = useRef<HTMLElement>(null);
  const keep = (el: HTMLElement | null): void => {
    focusRef.current = el;
  };
  useDialogFocus(focusRef);
  const empty = list.length === 0;
  useEffect(() => {
    // Sales came into the list while it was open on its "none", or the list emptied (its element
    // replaced by the "none" words): focus fell to the page and follows to what is shown now.
    // Focus a person moved (Tab to a button) stays.
    const active = document.activeElement;
    if (active === null || active === document.body) focusRef.current?.focus();
  }, [empty]);
  useEffect(() => {
    focusRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [highlighted]);
  const current =
    session !== null && hasContent(session)
      ? amounts({ lineCount: session.lines.length, total: session.totals.total })
      : undefined;
  return (
    <Modal
      title={t('title')}
      titleId="parked-title"
      className="parked-sales"
      testId="parked-sales"
      data={{ 'data-count': String(list.length) }}
    >
      {current !== undefined && (
        <div className="park-this">
          <ActionButton
            primary
            button={{
              label: t('parkThis', current),
              onClick: () => void parkSale(),
              action: 'park-sale',
              disabled: busy,
              keyName: 'F10',
            }}
          />
          <p className="muted small">{t('parkHint')}</p>
        </div>
      )}
      {empty ? (
        <p className="muted parked-none" data-parked-none tabIndex={-1} ref={keep}>
          {t('none')}
        </p>
      ) : (
        <>
          <ul
            className="parked-list"
            role="listbox"
            aria-label={t('listLabel')}
            tabIndex={0}
            ref={keep}
            aria-activedescendant={`parked-${String(highlighted)}`}
          >
            {list.map((sale, i) => {
              const { lines, total } = amounts(sale);
              const taken = !recallable(sale);
              return (
                <li
                  key={`${sale.till ?? ''}/${String(sale.id)}`}
                  id={`parked-${String(i)}`}
                  role="option"
                  aria-selected={i === highlighted}
                  aria-disabled={taken || undefined}
                  className={
                    [i === highlighted ? 'highlighted' : '', taken ? 'taken' : ''].join(' ').trim() ||
                    undefined
                  }
                  data-parked-id={sale.id}
                  data-parked-till={sale.till}
                  data-parked-taken={sale.takenBy}
                  data-parked-exchange={sale.exchangeReceipt}
                  onMouseEnter={() => highlightParked(i)}
                  onClick={() => void recallParked(i)}
                >
                  <span className="parked-at">{t('parkedAt', { time: format.time(sale.parkedAt) })}</span>
                  <span className="parked-lines">{lines}</span>
                  <span className="num strong parked-total">{total}</span>
                  <span className="muted parked-customer">
                    {sale.customerName ?? t('noCard')}
                    {sale.till !== undefined && <> · {t('atTill', { till: sale.till })}</>}
                    {sale.takenBy !== undefined && <> · {t('takenBy', { till: sale.takenBy })}</>}
                    {sale.exchangeReceipt !== undefined && sale.till !== undefined && (
                      <> · {t('exchangeThere', { receipt: sale.exchangeReceipt, till: sale.till })}</>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="muted small">{t('recallHint')}</p>
          {current !== undefined && list.some(recallable) && (
            <p className="notice warn" data-swap-note>
              {t('swapNote')}
            </p>
          )}
        </>
      )}
      {down && (
        <p className="notice warn" data-parked-store-down>
          {t('storeOffline')}
        </p>
      )}
      {error !== null && (
        <p className="notice error" role="alert" data-parked-error>
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={closeParked} data-action="close-parked">
          {t('back')} <kbd>Esc</kbd>
        </button>
      </div>
    </Modal>
  );
}
