// What the keys do right now on the Sale screen, read from the keymap itself with the context the
// next key would have (focus, selected line, the find list, an undo on offer): a key that does
// nothing now is not listed.
import { useEffect, useState } from 'react';
import { focusOf } from '../../actions/attach.ts';
import { actionForKey, type ActionContext, type ActionName, type Focus } from '../../actions/keymap.ts';
import { useApp } from '../../store.ts';
import { useReceipt } from '../../store/receipt.ts';

interface Entry {
  readonly keys: readonly string[];
  readonly label: string;
}

const SHOWN: readonly { keys: readonly string[]; probe: string }[] = [
  { keys: ['F9'], probe: 'F9' },
  { keys: ['F8'], probe: 'F8' },
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
  const { focus, inCode } = useFocus();
  const session = useApp((s) => s.session);
  const sale = useApp((s) => s.sale);
  const line = session?.lines[sale.selected];
  const count = session?.lines.length ?? 0;
  // The receipt of the order just placed is on screen until the next sale starts: F7 prints it.
  const placedReceipt = useReceipt((r) => r.placed);
  const receiptShown = placedReceipt !== null && sale.placed === placedReceipt.orderId;
  const ctx: ActionContext = {
    screen: 'sale',
    focus,
    selectedLine: line === undefined ? undefined : { id: line.id, quantity: line.quantity },
    ...(sale.find.open && inCode
      ? { find: { highlighted: sale.find.highlighted >= 0 && sale.find.results.length > 0 } }
      : {}),
    undo: sale.undo !== null,
    receiptShown,
  };
  const label = (name: ActionName): string | undefined => {
    switch (name) {
      case 'sale.placeOrder':
        return count === 0 ? 'Pay (scan items first)' : `Pay ${String(count)} line${count === 1 ? '' : 's'}`;
      case 'receipt.print':
        return 'Print the receipt';
      case 'sale.void':
        return sale.voidArmed ? 'Press again: void the sale' : 'Void the sale (press twice)';
      case 'sale.selectNext':
        return count === 0 ? undefined : 'Select a line';
      case 'find.next':
        return 'Choose a product in the list';
      case 'find.add':
        return 'Add the highlighted product';
      case 'find.close':
        return 'Close the list';
      case 'sale.increment':
        return line === undefined ? undefined : `One more ${line.name}`;
      case 'sale.decrement':
        return line === undefined ? undefined : `One less ${line.name}`;
      case 'sale.removeLine':
        return line === undefined ? undefined : `Remove ${line.name}`;
      case 'sale.undoRemove':
        return sale.undo === null ? undefined : `Undo: bring back ${sale.undo.name}`;
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
    <section className="card key-legend" aria-label="Keys" data-testid="key-legend">
      <h2>Keys now</h2>
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
          Type a name or a code: it goes to the code field. <kbd>3</kbd>
          <kbd>*</kbd> before a scan or a pick adds three.
        </li>
      </ul>
    </section>
  );
}
