import type { Migration } from './types.ts';

/**
 * The outbox carries documents, not only orders (issue 39): `kind` says which (every row before this
 * was an internet order), and `depends_on` names a document that must be sent first (an order whose
 * customer's card was issued at this till and is not yet on the instance waits for it). A kind is
 * checked by the code's list (contract/documents.ts), not here: a new kind needs no new table.
 */
export const outboxDocuments: Migration = {
  version: 29,
  name: 'outbox-documents',
  up: `
    ALTER TABLE outbox_order ADD COLUMN kind TEXT NOT NULL DEFAULT 'order' CHECK (kind <> '');
    ALTER TABLE outbox_order ADD COLUMN depends_on INTEGER REFERENCES outbox_order (id);
    CREATE INDEX outbox_order_depends_on ON outbox_order (depends_on) WHERE depends_on IS NOT NULL;
  `,
};
