// What the Sale screen says of the order just placed, as the outbox reports it. A queued order goes
// out by itself; one the instance refused or did not clearly answer waits for a person, and the
// notice says what that person does (never that it goes by itself). Pure: the test passes a `t`.
import type { TFunction } from 'i18next';
import { TILL_PRICES_NOT_TAKEN, type OutboxEntryView } from '../../contract/contract.ts';
import { sameAmount } from '../../common/money.ts';
import { orderState } from './receipt.ts';

export interface PlacedNotice {
  readonly tone: 'ok' | 'warn' | 'error';
  readonly text: string;
}

/**
 * What the instance said it booked against the sale's total, and how amounts are written: a sent
 * order booked at another total is said at once (its receipt says it too).
 */
export interface BookedCheck {
  readonly booked: number | undefined;
  readonly total: number | undefined;
  readonly price: (amount: number) => string;
  /** The entry's code: TILL_PRICES_NOT_TAKEN says what it booked is unknown (and may differ). */
  readonly code?: string | undefined;
}

export function placedText(
  state: OutboxEntryView['state'],
  remoteId: OutboxEntryView['remoteId'],
  t: TFunction<'sale'>,
  tr: TFunction<'receipt'>,
  check?: BookedCheck,
): PlacedNotice {
  switch (state) {
    case 'sent':
      return sentNotice(remoteId, t, check);
    case 'sending':
      return { tone: 'ok', text: t('placedSending') };
    case 'queued':
      return { tone: 'warn', text: t('placedQueued') };
    case 'needs-fix':
      return { tone: 'error', text: t('placedNeedsFix') };
    case 'blocked':
      return { tone: 'error', text: t('placedBlocked') };
    case 'in-doubt':
      return { tone: 'error', text: t('placedInDoubt') };
    default:
      return { tone: 'error', text: t('placedOther', { state: orderState(tr, state) }) };
  }
}

function sentNotice(
  remoteId: OutboxEntryView['remoteId'],
  t: TFunction<'sale'>,
  check: BookedCheck | undefined,
): PlacedNotice {
  // Another booked total is said first: it matters with or without the instance's order number.
  const { booked, total } = check ?? {};
  if (check !== undefined && booked !== undefined && total !== undefined) {
    if (!sameAmount(booked, total)) {
      const amounts = { booked: check.price(booked), total: check.price(total) };
      return remoteId === undefined
        ? { tone: 'warn', text: t('placedSentBookedOtherNoNumber', amounts) }
        : { tone: 'warn', text: t('placedSentBookedOther', { id: String(remoteId), ...amounts }) };
    }
  }
  if (check?.code === TILL_PRICES_NOT_TAKEN && booked === undefined)
    return { tone: 'warn', text: t('placedSentPricesUnknown') };
  if (remoteId === undefined) return { tone: 'ok', text: t('placedSentNoNumber') };
  return { tone: 'ok', text: t('placedSent', { id: String(remoteId) }) };
}
