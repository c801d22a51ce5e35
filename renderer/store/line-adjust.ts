// A line's own discount or price override (Ctrl+D on the selected line): a small dialog over the sale
// takes "10 %" (percent off the line) or "79,90" (the unit price charged instead); Enter sets it,
// the manager PIN asked for when one is set; an empty field takes a discount off again; Esc goes
// back untouched. The line keeps its own price as the original, and says who set it and when.
import { create } from 'zustand';
import type { AdjustLineInput, SessionLineView } from '../../contract/contract.ts';
import { i18n } from '../i18n/index.ts';
import { formatMoney } from '../format/format.ts';
import { beepError, beepOk } from '../platform/sound.ts';
import { message, useApp } from './app.ts';
import { withPin } from './guard.ts';
import { pos } from './pos.ts';
import { announce } from './sale.ts';
import { parseAmount } from './tender.ts';

export interface LineAdjustUi {
  /** The line the discount is for; null: the dialog is closed. */
  readonly line: SessionLineView | null;
  /** As typed: "10 %" or "79,90"; empty takes the line's discount off. */
  readonly text: string;
  /** Why what was typed is no discount, in the screens' language. */
  readonly error: string | null;
}

const CLOSED: LineAdjustUi = { line: null, text: '', error: null };

export const useLineAdjust = create<LineAdjustUi>()(() => CLOSED);

/** Opens the dialog for the selected line, if any. */
export function openLineAdjust(): void {
  const { session, sale } = useApp.getState();
  const line = session?.lines[sale.selected];
  if (line !== undefined) useLineAdjust.setState({ line, text: '', error: null });
}

export function closeLineAdjust(): void {
  useLineAdjust.setState(CLOSED);
}

export function setAdjustText(text: string): void {
  useLineAdjust.setState({ text, error: null });
}

/**
 * What was typed as a discount: a percent when it ends in "%", else a unit price; null to take the
 * line's discount off (nothing typed); undefined when it is neither.
 */
export function readAdjustment(text: string): AdjustLineInput['adjustment'] | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const percent = trimmed.endsWith('%');
  const value = parseAmount(percent ? trimmed.slice(0, -1) : trimmed);
  if (value === undefined || Number.isNaN(value) || value <= 0) return undefined;
  return { kind: percent ? 'percent' : 'price', value };
}

/**
 * Enter: sets (or takes off) the discount; what cannot be one is said in the dialog. `remove`: the
 * button that takes the line's discount off, whatever was typed.
 */
export async function confirmLineAdjust(remove = false): Promise<void> {
  const { line, text } = useLineAdjust.getState();
  if (line === null) return;
  const adjustment = remove ? null : readAdjustment(text);
  if (adjustment === undefined || (adjustment === null && line.adjustment === undefined)) {
    useLineAdjust.setState({ error: i18n.t('sale:adjustInvalid') });
    return;
  }
  // The dialog closes first: the manager PIN prompt, when one is asked for, stands alone.
  closeLineAdjust();
  try {
    const next = await withPin(() => pos.invoke('session.adjustLine', { lineId: line.id, adjustment }), true);
    useApp.setState({ session: next });
    const now = next.lines.find((l) => l.id === line.id);
    const currency = useApp.getState().settings?.currency ?? null;
    announce({
      tone: 'ok',
      text:
        now?.adjustment === undefined
          ? i18n.t('sale:adjustRemoved', { name: line.name })
          : i18n.t('sale:adjustSet', {
              name: line.name,
              amount: formatMoney(now.adjustment.amount, currency),
            }),
    });
    beepOk();
  } catch (error) {
    announce({ tone: 'error', text: i18n.t('sale:lineRefused', { name: line.name, why: message(error) }) });
    beepError();
  }
}
