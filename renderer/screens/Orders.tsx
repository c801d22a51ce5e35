// The outbox: every order the counter placed and what became of it. needs-fix orders open with each
// field error next to its field, editable and resendable; in-doubt and blocked ones say what to do.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkSentInput, type InternetOrderPayload, type OutboxEntryView } from '../../contract/contract.ts';
import { OrderTicket, OrderWordsView } from '../components/orders/OrderTicket.tsx';
import { OrdersFilter } from '../components/orders/OrdersFilter.tsx';
import { parseQuantity } from '../format/format.ts';
import { useApp } from '../store/app.ts';
import { loadCompanyName, useCompanies } from '../store/companies.ts';
import { ReceiptButton } from '../components/receipt/ReceiptButton.tsx';
import { returnFromOrders } from '../store/returns.ts';
import { FixPicker } from '../components/orders/FixPicker.tsx';
import { CardDetail } from '../components/orders/CardDetail.tsx';
import { FixField, FixForm } from '../components/orders/FixForm.tsx';
import { ReturnsList } from '../components/orders/ReturnsList.tsx';
import {
  cancelOrder,
  discardOrder,
  loadOlderOrders,
  markSent,
  openOrders,
  pickCompanies,
  pickProducts,
  replayOutbox,
  resendOrder,
  type PickedProduct,
} from '../store/orders.ts';
import { TextField } from '../components/TextField.tsx';
import { Form } from '../components/Form.tsx';

export function Orders() {
  const visible = useApp((s) => s.outbox);
  const older = useApp((s) => s.outboxNext !== null);
  const none = useApp((s) => s.outboxCounts !== null && Object.values(s.outboxCounts).every((n) => n === 0));
  const outboxError = useApp((s) => s.outboxError);
  const [open, setOpen] = useState<string | null>(null);
  const error = useApp((s) => s.ordersError);
  const { t } = useTranslation('orders');

  // Orders may also come from the CLI (`pos order`) writing the same outbox: reload when shown.
  useEffect(() => void openOrders(), []);

  return (
    <section className="orders" data-testid="orders" aria-label={t('ordersLabel')}>
      <div className="orders-head">
        <h1>{t('ordersLabel')}</h1>
        <button type="button" onClick={() => void replayOutbox()} data-action="replay">
          {t('sendQueuedNow')}
        </button>
      </div>
      {outboxError !== null && <p className="notice error">{outboxError}</p>}
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <ReturnsList />
      <OrdersFilter />
      {visible.length === 0 ? (
        <p className="muted">{none ? t('noOrdersYet') : t('noOrderMatches')}</p>
      ) : (
        <ul className="order-list">
          {visible.map((entry) => {
            const key = String(entry.id);
            const isOpen = open === key || entry.state === 'needs-fix';
            return (
              <li
                key={key}
                className={`order state-${entry.state}`}
                data-order={key}
                data-state={entry.state}
                data-attempts={entry.attempts}
                data-kind={entry.kind ?? 'order'}
              >
                <button
                  type="button"
                  className="order-summary"
                  aria-expanded={isOpen}
                  onClick={() => setOpen(open === key ? null : key)}
                >
                  <OrderTicket entry={entry} />
                </button>
                {entry.kind !== 'card' && <ReceiptButton id={entry.id} />}
                {isOpen && <OrderDetail entry={entry} />}
              </li>
            );
          })}
        </ul>
      )}
      {older && (
        <button
          type="button"
          className="older-orders"
          onClick={() => void loadOlderOrders()}
          data-action="older-orders"
        >
          {t('olderOrders')}
        </button>
      )}
    </section>
  );
}

function OrderDetail({ entry }: { entry: OutboxEntryView }) {
  const { t } = useTranslation('orders');
  const { t: tr } = useTranslation('returns');
  const { t: cardsT } = useTranslation('cards');
  if (entry.kind === 'card')
    return <CardDetail entry={entry} found={<FoundForm entry={entry} label={cardsT('foundAsCardId')} />} />;
  return (
    <div className="order-detail">
      <OrderWordsView entry={entry} />
      {entry.clientReference !== undefined && (
        <p className="muted">
          {t('reference')} <code data-reference>{entry.clientReference}</code>
        </p>
      )}
      {entry.state === 'needs-fix' && entry.order !== undefined ? (
        <OrderFixForm entry={entry} order={entry.order} />
      ) : (
        <div className="actions">
          {/* In-doubt: the safe answer (found, mark as sent) first; sending again may place it twice. */}
          {entry.state === 'in-doubt' && <FoundForm entry={entry} />}
          {(entry.state === 'blocked' || entry.state === 'in-doubt') && entry.order !== undefined && (
            <button
              type="button"
              className={entry.state === 'blocked' ? 'primary' : undefined}
              data-action="send-again"
              onClick={() => {
                const order = entry.order;
                if (order !== undefined) void resendOrder(entry.id, order);
              }}
            >
              {entry.state === 'in-doubt' ? t('sendAgainInDoubt') : t('sendAgainBlocked')}
            </button>
          )}
          {['queued', 'blocked', 'in-doubt'].includes(entry.state) && (
            <button type="button" onClick={() => void discardOrder(entry.id)}>
              {t('discard')}
            </button>
          )}
          {entry.state === 'sent' && (
            <button type="button" onClick={() => void cancelOrder(entry.id)}>
              {t('cancelOnInstance')}
            </button>
          )}
          {/* A sale closed at this till: its goods can come back (the Returns screen, with this sale). */}
          {entry.receiptNumber !== undefined &&
            entry.state !== 'cancelled' &&
            entry.state !== 'discarded' && (
              <button
                type="button"
                data-action="return-goods"
                onClick={() => returnFromOrders(entry.receiptNumber ?? '')}
              >
                {tr('fromOrders')}
              </button>
            )}
        </div>
      )}
    </div>
  );
}

/**
 * An in-doubt order the operator found on the instance (by its reference): recorded as sent under
 * the instance's order id, so it is never sent a second time.
 */
function FoundForm({ entry, label }: { entry: OutboxEntryView; label?: string }) {
  const [remoteId, setRemoteId] = useState('');
  const { t } = useTranslation('orders');
  // Digits only (Number('1e3') would pass), then the bounds the core checks, from the contract.
  const valid =
    /^\d+$/.test(remoteId.trim()) && MarkSentInput.shape.remoteId.safeParse(Number(remoteId)).success;
  return (
    <Form
      className="found-form"
      data-found={String(entry.id)}
      onSubmit={() => {
        if (!valid) return;
        void markSent(entry.id, Number(remoteId));
      }}
    >
      <TextField
        label={label ?? t('foundAsOrderId')}
        value={remoteId}
        set={setRemoteId}
        name="remoteId"
        inputMode="numeric"
      />
      <button type="submit" className="primary" disabled={!valid} data-action="mark-sent">
        {t('markFoundAsSent')}
      </button>
    </Form>
  );
}

/**
 * The price the till charged for an item, kept while it stays the same product (another product
 * typed in is the instance's to price), and what came off the line while its quantity stays too.
 */
function chargedFor(
  item: InternetOrderPayload['items'][number] | undefined,
  productId: number,
  quantity: number,
): Pick<InternetOrderPayload['items'][number], 'price' | 'discountAmount'> {
  if (item === undefined || item.productId !== productId) return {};
  const sameLine = item.quantity === quantity;
  return {
    ...(item.price === undefined ? {} : { price: item.price }),
    ...(item.discountAmount === undefined || !sameLine ? {} : { discountAmount: item.discountAmount }),
  };
}

function OrderFixForm({ entry, order }: { entry: OutboxEntryView; order: InternetOrderPayload }) {
  const [draft, setDraft] = useState(() => ({
    customerId: order.customerId === undefined ? '' : String(order.customerId),
    warehouseId: order.warehouseId === undefined ? '' : String(order.warehouseId),
    note: order.note ?? '',
    // `origin`: the order's item a line of the form came from (its price stays the till's).
    items: order.items.map((i, origin) => ({
      productId: String(i.productId),
      quantity: String(i.quantity),
      origin,
    })),
  }));
  // Products picked by name here: the form names them as the picker did.
  const [picked, setPicked] = useState<Readonly<Record<string, PickedProduct>>>({});
  const { t } = useTranslation('orders');
  // What was typed wrong here first (digits only: Number() would read "0x10" as 16, "1e3" as 1000),
  // then what the instance refused.
  const typedWrong = draftErrors(draft, {
    id: t('fieldNotWholeNumber'),
    quantity: t('fieldNotQuantity'),
  });
  const errors = { ...(entry.fieldErrors ?? {}), ...typedWrong };
  const toOrder = (): InternetOrderPayload => ({
    ...(draft.customerId.trim() === '' ? {} : { customerId: Number(draft.customerId.trim()) }),
    ...(draft.warehouseId.trim() === '' ? {} : { warehouseId: Number(draft.warehouseId.trim()) }),
    ...(draft.note === '' ? {} : { note: draft.note }),
    items: draft.items.map((i) => {
      const productId = Number(i.productId.trim());
      const quantity = parseQuantity(i.quantity) ?? Number.NaN;
      return { productId, quantity, ...chargedFor(order.items[i.origin], productId, quantity) };
    }),
  });
  const known = new Set([
    'customerId',
    'warehouseId',
    'note',
    ...draft.items.flatMap((_, i) => [`items[${i}].productId`, `items[${i}].quantity`]),
  ]);
  const names = useFixNames(order, entry.names, draft.customerId, picked);
  const setItem = (i: number, patch: Partial<(typeof draft.items)[number]>) =>
    setDraft({ ...draft, items: draft.items.map((x, j) => (j === i ? { ...x, ...patch } : x)) });

  return (
    <FixForm
      entry={entry}
      errors={errors}
      fields={known}
      onSubmit={() => {
        if (Object.keys(typedWrong).length === 0) void resendOrder(entry.id, toOrder());
      }}
    >
      <FixField
        label={t('fieldCustomer')}
        name="customerId"
        errors={errors}
        known={names.customer(draft.customerId)}
      >
        <IdInput
          value={draft.customerId}
          onChange={(customerId) => setDraft({ ...draft, customerId })}
          name="customerId"
        />
      </FixField>
      <FixPicker
        label={t('fixFindCustomer')}
        field="customerId"
        find={pickCompanies}
        idOf={(c) => c.companyId}
        nameOf={(c) => c.name ?? t('fixNoName')}
        onPick={(c) => setDraft({ ...draft, customerId: String(c.companyId) })}
      />
      <FixField
        label={t('fieldWarehouse')}
        name="warehouseId"
        errors={errors}
        known={names.warehouse(draft.warehouseId)}
      >
        <IdInput
          value={draft.warehouseId}
          onChange={(warehouseId) => setDraft({ ...draft, warehouseId })}
          name="warehouseId"
        />
      </FixField>
      {draft.items.map((item, i) => (
        <div className="item-fields" key={i}>
          <FixField
            label={t('fieldItem', { index: i + 1 })}
            name={`items[${i}].productId`}
            errors={errors}
            known={names.product(item.productId)}
          >
            <IdInput
              value={item.productId}
              onChange={(productId) => setItem(i, { productId })}
              name={`items[${i}].productId`}
            />
          </FixField>
          <FixField label={t('fieldQuantity')} name={`items[${i}].quantity`} errors={errors}>
            <input
              value={item.quantity}
              inputMode="decimal"
              autoComplete="off"
              onChange={(e) => setItem(i, { quantity: e.target.value })}
              data-field={`items[${i}].quantity`}
            />
          </FixField>
          <FixPicker
            label={t('fixFindProduct')}
            field={`items[${i}].productId`}
            find={pickProducts}
            idOf={(p) => p.productId}
            nameOf={(p) => productLabel(p, t) ?? t('fixNoName')}
            onPick={(p) => {
              setPicked({ ...picked, [String(p.productId)]: p });
              setItem(i, { productId: String(p.productId) });
            }}
          />
          <button
            type="button"
            className="remove-item"
            disabled={draft.items.length === 1}
            title={draft.items.length === 1 ? t('fixLastItem') : undefined}
            onClick={() => setDraft({ ...draft, items: draft.items.filter((_, j) => j !== i) })}
            data-action="remove-item"
            data-item={i}
          >
            {t('fixRemoveItem', { index: i + 1 })}
          </button>
        </div>
      ))}
      <FixField label={t('fieldNote')} name="note" errors={errors}>
        <input
          value={draft.note}
          autoComplete="off"
          onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          data-field="note"
        />
      </FixField>
    </FixForm>
  );
}

/** The fix form's fields typed so that they cannot be sent, with what is wrong, by field name. */
function draftErrors(
  draft: {
    customerId: string;
    warehouseId: string;
    items: readonly { productId: string; quantity: string }[];
  },
  said: { id: string; quantity: string },
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const id = (name: string, text: string, optional: boolean): void => {
    const t = text.trim();
    if ((t === '' && optional) || /^\d{1,10}$/.test(t)) return;
    out[name] = [said.id];
  };
  id('customerId', draft.customerId, true);
  id('warehouseId', draft.warehouseId, true);
  draft.items.forEach((item, i) => {
    id(`items[${i}].productId`, item.productId, false);
    const quantity = parseQuantity(item.quantity);
    if (quantity === undefined || !Number.isFinite(quantity)) out[`items[${i}].quantity`] = [said.quantity];
  });
  return out;
}

/**
 * What the cache calls the ids typed in the fix form: the order's own ids by the names the core sent
 * with it; a customer typed anew is looked up among the known companies; another id has no name here.
 */
function useFixNames(
  order: InternetOrderPayload,
  names: OutboxEntryView['names'],
  typedCustomer: string,
  picked: Readonly<Record<string, PickedProduct>>,
) {
  const known = useCompanies((s) => s.names);
  const { t } = useTranslation('orders');
  const same = (typed: string, id: number | undefined) => id !== undefined && typed.trim() === String(id);
  const otherCustomer = same(typedCustomer, order.customerId) ? null : wholeNumber(typedCustomer);
  useEffect(() => {
    if (otherCustomer !== null) void loadCompanyName(otherCustomer);
  }, [otherCustomer]);
  return {
    customer(typed: string): string | null {
      if (same(typed, order.customerId)) return names?.customer ?? null;
      const id = wholeNumber(typed);
      return id === null ? null : (known[id] ?? null);
    },
    warehouse(typed: string): string | null {
      return same(typed, order.warehouseId) ? (names?.warehouse ?? null) : null;
    },
    product(typed: string): string | null {
      const original = order.items.find((i) => same(typed, i.productId));
      const product =
        original === undefined ? picked[typed.trim()] : names?.products[String(original.productId)];
      return product === undefined ? null : productLabel(product, t);
    },
  };
}

/** A product by its name and code, as far as the cache knows them. */
function productLabel(
  product: { readonly name?: string | undefined; readonly code?: string | undefined },
  t: (key: 'productNameCode', values: { name: string; code: string }) => string,
): string | null {
  if (product.name !== undefined && product.code !== undefined)
    return t('productNameCode', { name: product.name, code: product.code });
  return product.name ?? product.code ?? null;
}

function wholeNumber(text: string): number | null {
  return /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** An id, typed small beside the name it stands for. */
function IdInput({
  value,
  onChange,
  name,
}: {
  value: string;
  onChange: (v: string) => void;
  /** The field's name, as the order's field errors name it (`items[0].productId`). */
  name: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <span className="id-input">
      <small>{t('fieldId')}</small>
      <input
        value={value}
        inputMode="numeric"
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        data-field={name}
      />
    </span>
  );
}
