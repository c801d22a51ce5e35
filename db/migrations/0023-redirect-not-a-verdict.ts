import type { Migration } from './types.ts';

/**
 * Orders an older Counter set to needs-fix on an answer that said nothing: no field errors, no
 * message, no error id or code. A 3xx (a load balancer's maintenance page) was taken for a refusal
 * that way, and every sale of a maintenance window waited for a person. What that answer was is not
 * stored, and a 303 See Other may follow an order the instance stored, so they become in doubt, saying
 * why: resent by themselves where the instance recognises a repeated client reference (a stored one
 * is then settled as the same order), and left to a person, as before, everywhere else. An order
 * refused by a bare 4xx meets the same refusal again and is needs-fix once more.
 */
export const redirectNotAVerdict: Migration = {
  version: 23,
  name: 'redirect-not-a-verdict',
  up: `
    UPDATE outbox_order
       SET state = 'in-doubt', next_attempt_at = NULL,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
           messages = json_array(
             'An older Counter set this order to be fixed on an answer that said nothing (a redirect, such as a maintenance page, was taken for a refusal). It may have reached the instance. Client reference '
               || client_reference || '.')
     WHERE state = 'needs-fix' AND field_errors IS NULL AND messages IS NULL
       AND error_id IS NULL AND code IS NULL;
  `,
};
