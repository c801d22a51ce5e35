// What the keys do right now on the Sale screen, read from the keymap itself with the context the
// next key would have (focus, selected line, the find list, an undo on offer): a key that does
// nothing now is not listed. A strip of its own under the lines, never over them: two rows, the
// keys for the lines first (the pay and void buttons carry F9 and F8 themselves), the rest one tap
// away.
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
import { useWords } from '../../i18n/kept-words.ts';
import { focusOf } from '../../actions/attach.ts';
import { keysFocus } from '../../actions/code-focus.ts';
import { actionForKey, type ActionContext, type ActionName, type Focus } from '../../actions/keymap.ts';
import { shallow } from 'zustand/shallow';
import { useApp } from '../../store/app.ts';
import { parkedCount, parkedInStore, parkingOffer } from '../../store/parked.ts';
import { drawerOffered } from '../../store/printer.ts';
import { useReceipt } from '../../store/receipt.ts';
import { typedQuantity } from '../../store/sale.ts';

interface Entry {
  readonly keys: readonly string[];
  readonly label: string;
  /** data-legend-key: the keys, unless named otherwise. */
  readonly id?: string;
}

/** In the order shown: what is most likely next first. */
const SHOWN: readonly { keys: readonly string[]; probe: string; ctx?: Partial<ActionContext> }[] = [
  { keys: ['F6'], probe: 'F6' },
  { keys: ['F7'], probe: 'F7' },
  { keys: ['↑', '↓'], probe: 'ArrowDown' },
  { keys: ['Enter'], probe: 'Enter' },
  // How to type a quantity for the selected line: what Enter would do with `5*` typed.
  { keys: ['5', '*', 'Enter'], probe: 'Enter', ctx: { focus: 'field', typedQuantity: true } },
  { keys: ['+'], probe: '+' },
  { keys: ['−'], probe: '-' },
  { keys: ['Delete'], probe: 'Delete' },
  { keys: ['Ctrl+D'], probe: 'Ctrl+d' },
  { keys: ['Ctrl+Z'], probe: 'Ctrl+z' },
  { keys: ['Ctrl+O'], probe: 'Ctrl+o' },
  { keys: ['Ctrl+K'], probe: 'Ctrl+k' },
  { keys: ['Esc'], probe: 'Escape' },
  { keys: ['F10'], probe: 'F10' },
  { keys: ['F9'], probe: 'F9' },
  { keys: ['F8'], probe: 'F8' },
];

/** What the legend shows of the store, each a plain value (compared one by one). */
function legendFacts({ session, sale, status }: ReturnType<typeof useApp.getState>) {
  const line = session?.lines[sale.selected];
  const inStore = parkedInStore(status);
  return {
    lineId: line?.id,
    lineName: line?.name ?? '',
    lineQuantity: line?.quantity ?? 0,
    count: session?.lines.length ?? 0,
    customer: (session?.customer ?? null) !== null,
    parking: parkingOffer(session, inStore),
    parked: parkedCount(session, inStore),
    drawer: drawerOffered(session),
    placed: sale.placed,
    typed: typedQuantity(sale.entry),
    findOpen: sale.find.open,
    findHighlighted: sale.find.highlighted >= 0 && sale.find.results.length > 0,
    undo: sale.undo === null ? null : sale.undo.name,
    unpriced: sale.unpriced === null ? null : sale.unpriced.name,
    voidArmed: sale.voidArmed,
  };
}

/** How long the legend waits for the frame after a change before it follows anyway (no frames come:
 * a hidden page). */
const BACKSTOP_MS = 100;

/**
 * The legend's facts, following the store after the next frame is painted, not in the commit that
 * changes it: a scan's answer paints its line without the legend's render (a dozen translated labels)
 * in front of it, and the legend follows a frame later (issue 35, point 6).
 */
function useFactsAfterPaint(): ReturnType<typeof legendFacts> {
  const [facts, setFacts] = useState(() => legendFacts(useApp.getState()));
  const shown = useRef(facts);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let backstop: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(backstop);
      frame = 0;
      timer = backstop = undefined;
      // The same facts: not even a state update React would look at.
      const next = legendFacts(useApp.getState());
      if (shallow(shown.current, next)) return;
      shown.current = next;
      setFacts(next);
    };
    // A change between the first render and this effect.
    follow();
    const unsubscribe = useApp.subscribe(() => {
      if (backstop !== undefined) return;
      // A task after the frame's callbacks: after its paint.
      frame = requestAnimationFrame(() => (timer = setTimeout(follow, 0)));
      backstop = setTimeout(follow, BACKSTOP_MS);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(backstop);
    };
  }, []);
  return facts;
}

function useFocus(): { focus: Focus; inCode: boolean } {
  const read = () => {
    // A scan's hop to the code field and back (from the page or a line) is no change: see keysFocus.
    const active = keysFocus();
    return {
      focus: focusOf(active),
      inCode: active instanceof HTMLElement && active.dataset.field === 'code',
    };
  };
  const [now, setNow] = useState(read);
  const shown = useRef(now);
  useEffect(() => {
    // The same focus as before (the code field refocused after a scan, the hop of a scan): nothing
    // to render again, not even a state update React would look at.
    const update = () => {
      const next = read();
      const was = shown.current;
      if (next.focus === was.focus && next.inCode === was.inCode) return;
      shown.current = next;
      setNow(next);
    };
    // On focusout the element still has focus; read once it has left.
    const later = () => setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    // Something typed in the code field a key elsewhere moved focus to: the field's keys from now.
    document.addEventListener('input', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
      document.removeEventListener('input', update);
    };
  }, []);
  return now;
}

export function KeyLegend() {
  const t = useWords('sale');
  const parkedT = useWords('parked');
  const cardsT = useWords('cards');
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  // Folded again: its first rows, wherever the open list was scrolled to.
  useLayoutEffect(() => {
    if (!open && list.current !== null) list.current.scrollTop = 0;
  }, [open]);
  const { focus, inCode } = useFocus();
  // Only what it shows, each a plain value: a new session (every answer of the core) or a key typed
  // in the code field renders the legend again only when one of them changed, after the frame.
  const shown = useFactsAfterPaint();
  const line =
    shown.lineId === undefined
      ? undefined
      : { id: shown.lineId, name: shown.lineName, quantity: shown.lineQuantity };
  const { count, parking, typed } = shown;
  // The receipt of the order just placed is on screen until the next sale starts: F7 prints it.
  const placedReceipt = useReceipt((r) => r.placed);
  const receiptShown = placedReceipt !== null && shown.placed === placedReceipt.orderId;
  const ctx: ActionContext = {
    screen: 'sale',
    focus,
    selectedLine: line === undefined ? undefined : { id: line.id, quantity: line.quantity },
    ...(shown.findOpen && inCode ? { find: { highlighted: shown.findHighlighted } } : {}),
    ...(inCode && typed !== undefined ? { typedQuantity: true } : {}),
    undo: shown.undo !== null,
    unpriced: shown.unpriced !== null,
    receiptShown,
    ...(parking === undefined ? {} : { parking }),
    ...(shown.drawer ? { drawer: true } : {}),
  };
  const label = (name: ActionName, probing: boolean): string | undefined => {
    switch (name) {
      case 'sale.setQuantity':
        if (line === undefined) return undefined;
        if (probing) return ctx.typedQuantity === true ? undefined : t('typeQuantityOf', { name: line.name });
        return t('setQuantityOf', { name: line.name, quantity: typed ?? '' });
      case 'sale.openPayment':
        return count === 0 ? t('payFirst') : t('payLines', { count });
      case 'receipt.print':
        return t('printTheReceipt');
      case 'sale.enterPrice':
        return shown.unpriced === null ? undefined : t('enterPriceOf', { name: shown.unpriced });
      case 'sale.parked':
        return parking === 'park' ? parkedT('legendPark') : parkedT('legendList', { count: shown.parked });
      case 'sale.adjustLine':
        return line === undefined ? undefined : t('adjustLineOf', { name: line.name });
      case 'sale.void':
        // Nothing to void (as its button, disabled): not offered.
        if (count === 0 && !shown.customer) return undefined;
        return shown.voidArmed ? t('voidConfirm') : t('voidTwice');
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
      case 'sale.openDrawer':
        return t('openDrawer');
      case 'sale.issueCard':
        return cardsT('legend');
      case 'sale.undoRemove':
        return shown.undo === null ? undefined : t('undoBringBack', { name: shown.undo });
      default:
        return undefined;
    }
  };
  const entries: Entry[] = SHOWN.flatMap(({ keys, probe, ctx: what }) => {
    const binding = actionForKey(probe, what === undefined ? ctx : { ...ctx, ...what, find: undefined });
    // An entry with a context of its own says what a key will do once something is typed (`5*`):
    // shown as that action only, and only while it is not typed yet (then Enter's own entry says it).
    if (what !== undefined && binding?.name !== 'sale.setQuantity') return [];
    const text = binding === undefined ? undefined : label(binding.name, what !== undefined);
    if (text === undefined) return [];
    return [{ keys, label: text, ...(what === undefined ? {} : { id: 'quantity' }) }];
  });
  return (
    <section
      className={open ? 'card key-legend open' : 'card key-legend'}
      aria-label={t('keys')}
      data-testid="key-legend"
      data-open={open}
    >
      {/* Out of the Tab order (code field -> lines -> pay): the first rows show without it. */}
      <button
        type="button"
        className="legend-toggle"
        tabIndex={-1}
        aria-expanded={open}
        aria-controls="key-legend-list"
        onClick={() => setOpen(!open)}
        data-action="toggle-legend"
      >
        <span className="legend-title">{t('keysNow')}</span>
      </button>
      <ul id="key-legend-list" ref={list}>
        {entries.map((e) => (
          <li key={e.id ?? e.keys.join()} data-legend-key={e.id ?? e.keys.join(' ')} title={e.label}>
            {e.keys.map((k) => (
              <kbd key={k}>{k}</kbd>
            ))}{' '}
            {e.label}
          </li>
        ))}
        <li data-legend-key="type" className="muted">
          <TypeHint t={t} />
        </li>
      </ul>
    </section>
  );
}

/**
 * The hint on typing a code: the same text until the language changes (a new `t`), so it is not
 * parsed again (Trans reads its markup) each time the legend renders, i.e. on every scan.
 */
const TypeHint = memo(function TypeHint({ t }: { t: TFunction<'sale'> }) {
  return <Trans t={t} i18nKey="typeHint" components={{ kbd: <kbd /> }} />;
});
