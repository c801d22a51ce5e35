// A card issued at the till, opened on the Orders screen (issue 39): what became of it in words, and
// what a person can do, as for an order. Needs fixing: its code, name and last day, each with the
// instance's refusal beside it, sent again fixed. In doubt: found on the instance among the company's
// cards (marked sent under its id), or not found (sent again: the sender reads the company's cards
// first and never posts it twice). Blocked: sent again once the permission is given.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '../../../contract/contract.ts';
import { dayText, readDay } from '../../store/card-issue.ts';
import { discardOrder, resendCard } from '../../store/orders.ts';
import { FixField, FixForm } from './FixForm.tsx';
import { OrderWordsView } from './OrderTicket.tsx';

type Card = NonNullable<OutboxEntryView['card']>;
/** The card's fields a person can fix. */
const CARD_FIELDS = ['barcode', 'name', 'validTo'] as const;

/** What became of the card, in words about a card (an order's speak of its reference and lines). */
const CARD_HEADLINE = {
  queued: 'headQueued',
  sending: 'headSending',
  sent: 'headSent',
  'needs-fix': 'headNeedsFix',
  blocked: 'headBlocked',
  'in-doubt': 'headInDoubt',
  discarded: 'headDiscarded',
  cancelled: 'headCancelled',
} as const satisfies Record<OutboxEntryView['state'], string>;

export function CardDetail({ entry, found }: { entry: OutboxEntryView; found: ReactNode }) {
  const { t } = useTranslation('orders');
  const { t: cardsT } = useTranslation('cards');
  const card = entry.card;
  if (card === undefined) return <OrderWordsView entry={entry} />;
  return (
    <div className="order-detail" data-card-detail={String(entry.id)}>
      <OrderWordsView entry={entry} headline={cardsT(CARD_HEADLINE[entry.state])} />
      {entry.state === 'needs-fix' ? (
        <CardFixForm entry={entry} card={card} />
      ) : (
        <div className="actions">
          {entry.state === 'in-doubt' && <p className="muted">{cardsT('inDoubtCard')}</p>}
          {entry.state === 'in-doubt' && found}
          {(entry.state === 'blocked' || entry.state === 'in-doubt') && (
            <button
              type="button"
              className={entry.state === 'blocked' ? 'primary' : undefined}
              data-action="send-again"
              onClick={() => void resendCard(entry.id)}
            >
              {entry.state === 'in-doubt' ? cardsT('sendAgainCard') : t('sendAgainBlocked')}
            </button>
          )}
          {['queued', 'blocked', 'in-doubt'].includes(entry.state) && (
            <button type="button" onClick={() => void discardOrder(entry.id)}>
              {t('discard')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The card's own fields, each with what the instance refused in it, and sent again as fixed. */
function CardFixForm({ entry, card }: { entry: OutboxEntryView; card: Card }) {
  const { t: cardsT } = useTranslation('cards');
  const [draft, setDraft] = useState(() => ({
    barcode: card.barcode,
    name: card.name,
    validTo: card.validTo === undefined ? '' : dayText(card.validTo.slice(0, 10)),
  }));
  const validTo = draft.validTo.trim() === '' ? undefined : readDay(draft.validTo);
  const typedWrong: Record<string, string[]> =
    draft.validTo.trim() !== '' && validTo === undefined
      ? { validTo: [cardsT('validToInvalid', { example: dayText('2028-11-28') })] }
      : {};
  const errors = { ...(entry.fieldErrors ?? {}), ...typedWrong };
  const field = (name: (typeof CARD_FIELDS)[number], label: string) => (
    <FixField label={label} name={name} errors={errors}>
      <input
        value={draft[name]}
        autoComplete="off"
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        data-field={`card-${name}`}
      />
    </FixField>
  );
  return (
    <FixForm
      entry={entry}
      errors={errors}
      fields={new Set(CARD_FIELDS)}
      onSubmit={() => {
        if (Object.keys(typedWrong).length > 0) return;
        void resendCard(entry.id, {
          ...card,
          barcode: draft.barcode.trim(),
          name: draft.name.trim(),
          ...(validTo === undefined ? {} : { validTo: `${validTo}T23:59:59` }),
        });
      }}
    >
      {field('barcode', cardsT('fixBarcode'))}
      {field('name', cardsT('fixName'))}
      {field('validTo', cardsT('fixValidTo'))}
    </FixForm>
  );
}
