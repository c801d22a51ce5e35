// `pos outbox`'s lines for one entry: what happened and what to do.
import { describe as group, expect, it } from 'vitest';
import { insertOutboxDocument, recordOutboxOutcome, claimForSending } from '../../db/outbox.ts';
import { tempDb } from '../../test/support/fixtures.ts';
import { describe } from './outbox.ts';

group('describe', () => {
  it("says a sent card's person was refused per field and in its line too; a needs-fix order's words once", () => {
    const { db } = tempDb('cli-outbox-describe');
    const card = insertOutboxDocument(db, 'card', {
      companyId: 1,
      barcode: 'C-1',
      name: 'Karta',
      person: { name: 'Jana' },
    });
    claimForSending(db, card.id, ['queued']);
    const sent = recordOutboxOutcome(db, card.id, ['sending'], {
      state: 'sent',
      remoteId: 7,
      messages: ["The card was stored; its authorised person was not added: 'Phone' is not valid."],
      fieldErrors: { 'person.phone': ["'Phone' is not valid."] },
    });
    expect(sent && describe(sent).split('\n').slice(2)).toEqual([
      "  person.phone: 'Phone' is not valid.",
      "  The card was stored; its authorised person was not added: 'Phone' is not valid.",
    ]);
    const order = insertOutboxDocument(db, 'order', { items: [{ productId: 1, quantity: 1 }] });
    claimForSending(db, order.id, ['queued']);
    const fix = recordOutboxOutcome(db, order.id, ['sending'], {
      state: 'needs-fix',
      messages: ['CustomerId is required.'],
      fieldErrors: { customerId: ['CustomerId is required.'] },
    });
    expect(fix && describe(fix).split('\n').slice(1, -1)).toEqual(['  customerId: CustomerId is required.']);
  });
});
