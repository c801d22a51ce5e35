import type { Migration } from './types.ts';

/**
 * A parked sale holding an exchange's credit (migration 37) says so in its `parked` event: the
 * receipt whose goods came back, as `exchangeReceipt`. The credit is this till's plan of a return
 * against that receipt, made only when the sale is settled here; another till taking the sale over
 * would get its lines without the credit, and charge the customer in full for goods already paid
 * with the goods they brought back. So another till refuses to take such a sale over and names the
 * till that holds it (main/counter/store-parked.ts). Added to the event right after migration 38's
 * trigger writes it, in the same statement, so that trigger stays as shipped. Such an event is
 * version 3: a till not upgraded yet (it applies version 2 only, and would drop a field it does not
 * know) does not list it, so it cannot take the sale over either.
 */
export const parkedExchange: Migration = {
  version: 41,
  name: 'parked-exchange',
  up: `
    CREATE TRIGGER journal_parked_exchange AFTER INSERT ON journal
      WHEN NEW.kind = 'parked'
       AND (SELECT exchangeCredit FROM shopping_session
             WHERE id = json_extract(NEW.body, '$.sessionId')) IS NOT NULL
      BEGIN
        UPDATE journal SET body = json_set(body, '$.v', 3, '$.exchangeReceipt',
          (SELECT json_extract(exchangeCredit, '$.receipt') FROM shopping_session
            WHERE id = json_extract(NEW.body, '$.sessionId')))
         WHERE seq = NEW.seq;
      END;
  `,
};
