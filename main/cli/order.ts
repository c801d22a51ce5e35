// `pos order FILE|-`: validates the order file, stores it in the outbox, tries to send it at once.
// --json prints the outbox entry. Exit 0 when it is stored and sent, queued (service unreachable:
// the outbox sends it later, so this is not a failure) or in-doubt; 1 when the service rejected it
// (needs-fix, blocked) or the file is not a valid order (nothing stored); 2 usage; 3 configuration,
// including credentials the service refuses (the order is stored, queued, but nothing will send it
// until the settings are fixed: that must not look like success).
import { buildOutbox } from '../areas/index.ts';
import { toOutboxEntry } from '../outbox/index.ts';
import { defineCommand } from './command.ts';
import { asCliError, credentialsRefused, entryResult, readOrder } from './outbox.ts';

export const command = defineCommand({
  summary: 'store an internet order in the outbox and try to send it at once',
  usage: 'FILE|-',
  positionals: { min: 1, max: 1 },
  async run(ctx) {
    const source = ctx.positionals[0] ?? '-';
    const order = await readOrder(ctx, source);
    // The service settings first: missing ones fail (exit 3) before a data folder is made.
    const service = ctx.service();
    const outbox = buildOutbox({
      db: ctx.db(),
      client: service,
      instance: { baseUrl: ctx.serviceConfig().baseUrl, demo: false },
      log: ctx.log,
    });
    try {
      const placed = await outbox.place(order);
      if (placed.state === 'queued' && outbox.status().credentialsRefused) {
        throw credentialsRefused(`order ${placed.id} is stored in the outbox (queued)`, {
          entry: toOutboxEntry(placed),
        });
      }
      if (placed.state === 'queued')
        ctx.log('The service could not take the order now; it is queued in the outbox.');
      return entryResult(placed);
    } catch (error) {
      throw asCliError(error);
    } finally {
      await outbox.stop();
    }
  },
});
