// What the keys do right now on the Sale screen, read from the keymap itself with the context the
// next key would have (focus, selected line, the find list, an undo on offer): a key that does
// nothing now is not listed.
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { focusOf } from '../../actions/attach.ts';
import { actionForKey, type ActionContext, type ActionName, type Focus } from '../../actions/keymap.ts';
import { useApp } from '../../store/app.ts';
import { parkingOffer } from '../../store/parked.ts';
import { useReceipt } from '../../store/receipt.ts';

interface Entry {
  readonly keys: readonly string[];
  readonly label: string;
}

const SHOWN: readonly { keys: readonly string[]; probe: string }[] = [
  { keys: ['F9'], probe: 'F9' },
  { keys: ['F6'], probe: 'F6' },
  { keys: ['Ctrl+D'], probe: 'Ctrl+d' },
  { keys: ['F8'], probe: 'F8' },
  { keys: ['F10'], probe: 'F10' },
  { keys: ['F7'], probe: 'F7' },
  { keys: ['↑', '↓'], probe: 'ArrowDown' },
  { keys: ['Enter'], probe: 'Enter' },
  { keys: ['+'], probe: '+' },
  { keys: ['−'], probe: '-' },
  { keys: ['Delete'], probe: 'Delete' },
  { keys: ['Ctrl+Z'], probe: 'Ctrl+z' },
  { keys: ['Esc'], probe: 'Escape' },
];

function useFocus(): { focus: Focus; inCode: boolean } {
  const read = () => ({
    focus: focusOf(document.activeElement),
    inCode: document.activeElement instanceof HTMLElement && document.activeElement.dataset.field === 'code',
  });
  const [now, setNow] = useState(read);
  useEffect(() => {
    const update = () => setNow(read());
    // On focusout the element still has focus; read once it has left.
    const later = () => setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return now;
}

export function KeyLegend() {
  const { t } = useTranslation('sale');
  const { t: parkedT } = useTranslation('parked');
  const { focus, inCode } = useFocus();
  const session = useApp((s) => s.session);
  const sale = useApp((s) => s.sale);
  const line = session?.lines[sale.selected];
  const count = session?.lines.length ?? 0;
  // The receipt of the order just placed is on screen until the next sale starts: F7 prints it.
  const placedReceipt = useReceipt((r) => r.placed);
  const receiptShown = placedReceipt !== null && sale.placed === placedReceipt.orderId;
  const parking = parkingOffer(session);
  const ctx: ActionContext = {
    screen: 'sale',
    focus,
    selectedLine: line === undefined ? undefined : { id: line.id, quantity: line.quantity },
    ...(sale.find.open && inCode
      ? { find: { highlighted: sale.find.highlighted >= 0 && sale.find.results.length > 0 } }
      : {}),
    undo: sale.undo !== null,
    unpriced: sale.unpriced !== null,
    receiptShown,
    ...(parking === undefined ? {} : { parking }),
  };
  const label = (name: ActionName): string | undefined => {
    switch (name) {
      case 'sale.openPayment':
        return count === 0 ? t('payFirst') : t('payLines', { count });
      case 'receipt.print':
        return t('printTheReceipt');
      case 'sale.enterPrice':
        return sale.unpriced === null ? undefined : t('enterPriceOf', { name: sale.unpriced.name });
      case 'sale.parked':
        return parking === 'park'
          ? parkedT('legendPark')
          : parkedT('legendList', { count: session?.parkedCount ?? 0 });
      case 'sale.adjustLine':
        return line === undefined ? undefined : t('adjustLineOf', { name: line.name });
      case 'sale.void':
        return sale.voidArmed ? t('voidConfirm') : t('voidTwice');
      case 'sale.selectNext':
        return count === 0 ? undefined : t('selectLine');
      case 'find.next':
        return t('chooseProduct');
      case 'find.add':
        return t('addHighlighted');
      case 'find.close':
        return t('closeList');
      case 'sale.increment':
        return line === undefined ? undefined : t('oneMore', { name: line.name });
      case 'sale.decrement':
        return line === undefined ? undefined : t('oneLess', { name: line.name });
      case 'sale.removeLine':
        return line === undefined ? undefined : t('removeLine', { name: line.name });
      case 'sale.undoRemove':
        return sale.undo === null ? undefined : t('undoBringBack', { name: sale.undo.name });
      default:
        return undefined;
    }
  };
  const entries: Entry[] = SHOWN.flatMap(({ keys, probe }) => {
    const binding = actionForKey(probe, ctx);
    const text = binding === undefined ? undefined : label(binding.name);
    return text === undefined ? [] : [{ keys, label: text }];
  });
  return (
    <section className="card key-legend" aria-label={t('keys')} data-testid="key-legend">
      <h2>{t('keysNow')}</h2>
      <ul>
        {entries.map((e) => (
          <li key={e.keys.join()} data-legend-key={e.keys.join(' ')}>
            {e.keys.map((k) => (
              <kbd key={k}>{k}</kbd>
            ))}{' '}
            {e.label}
          </li>
        ))}
        <li data-legend-key="type" className="muted">
          <Trans t={t} i18nKey="typeHint" components={{ kbd: <kbd /> }} />
        </li>
      </ul>
    </section>
  );
}
