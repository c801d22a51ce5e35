// `pos card issue --company ID --barcode CODE --name NAME [--valid-to DATE] [--person NAME]
// [--email E] [--phone P]`: issues a loyalty card as the till does (issue 39): checked against the
// cache and the instance, stored as a card document in the outbox with the card cached, then tried
// at once. --json prints the card with its document's outbox state. Exit 1 when the card is refused
// (a code already a card's, a product's or misread; a field too long; no permission) and nothing is
// stored, or when the instance refused the document (needs-fix, blocked); 2 usage; 3 configuration.
import { z } from 'zod';
import { english, type CardIssueInput } from '../../contract/contract.ts';
import { buildOutbox, labelReader, loadCardIssue } from '../areas/index.ts';
import { checkCard, probePermission, storeCard, CARD_PERMISSION } from '../cards/index.ts';
import { CoreError } from '../ground/index.ts';
import { toOutboxEntry, type EntryOf } from '../outbox/index.ts';
import { isServiceError } from '../service/index.ts';
import { SettingsStore } from '../settings/store.ts';
import { CliError, defineCommand, EXIT, usageError, type CommandResult } from './command.ts';
import { credentialsRefused } from './outbox.ts';

export const command = defineCommand({
  summary: 'issue a loyalty card at the till: stored in the outbox, cached, sent at once',
  usage:
    'issue --company ID --barcode CODE --name NAME [--valid-to YYYY-MM-DD] [--person NAME] [--email E] [--phone P]',
  positionals: { min: 1, max: 1 },
  options: {
    company: { type: 'string', description: 'the company the card belongs to (id)' },
    barcode: { type: 'string', description: "the new card's code, as its barcode says" },
    name: { type: 'string', description: "the card's name (the customer's)" },
    'valid-to': { type: 'string', description: "its last valid day (default: Settings' months from today)" },
    person: { type: 'string', description: 'an authorised person of the company, with the card' },
    email: { type: 'string', description: "the person's e-mail" },
    phone: { type: 'string', description: "the person's phone" },
  },
  async run(ctx) {
    if (ctx.positionals[0] !== 'issue') throw usageError(`unknown card action "${ctx.positionals[0] ?? ''}"`);
    const input = issueInput(ctx);
    const service = ctx.service();
    const db = ctx.db();
    const settings = new SettingsStore(db);
    const outbox = buildOutbox({
      db,
      client: service,
      instance: { baseUrl: ctx.serviceConfig().baseUrl, demo: false },
      log: ctx.log,
    });
    try {
      const permission = await probePermission(service);
      if (permission.emptyCardStored === true)
        ctx.log(
          'warning: the instance stored the empty card sent to ask for the permission (company 0, no code); it should have refused it: delete it there',
        );
      if (permission.permission === 'missing') {
        const named = permission.missingPermission ?? CARD_PERMISSION;
        throw new CliError(
          EXIT.failure,
          `the instance does not give this client ${named}; nothing was stored`,
          {
            permission: named,
          },
        );
      }
      // Checked as the app checks it: Settings' label rules, warehouse and months of validity.
      const cardIssue = await loadCardIssue();
      const deps = cardIssue({
        db,
        settings,
        reader: labelReader(settings),
        cards: service,
        instance: outbox.instance,
        now: () => new Date(),
        companyOnInstance: async (companyId: number) => {
          try {
            await service.companyCards(companyId, ctx.signal);
            return true;
          } catch (error) {
            return isServiceError(error) && error.kind === 'http' && error.status === 404 ? false : undefined;
          }
        },
      });
      const card = await checkCard(deps, input).catch((error: unknown) => {
        throw refused(error);
      });
      const stored = storeCard(deps, card);
      const sent = await outbox.sendPlaced(stored);
      if (sent.state === 'queued' && outbox.status().credentialsRefused) {
        throw credentialsRefused(`card ${card.barcode} is stored in the outbox (queued)`, {
          entry: toOutboxEntry(sent),
        });
      }
      if (sent.kind !== 'card') throw new Error(`outbox entry ${sent.id} is not a card`);
      return cardResult(sent);
    } finally {
      await outbox.stop();
    }
  },
});

const Day = z.iso.date();

function issueInput(ctx: Parameters<Parameters<typeof defineCommand>[0]['run']>[0]): CardIssueInput {
  const companyId = ctx.int('company', { min: 1, max: 2_147_483_647 });
  const barcode = ctx.string('barcode');
  const name = ctx.string('name');
  if (companyId === undefined || barcode === undefined || name === undefined)
    throw usageError('card issue needs --company ID, --barcode CODE and --name NAME');
  const validTo = ctx.string('valid-to');
  if (validTo !== undefined && !Day.safeParse(validTo).success)
    throw usageError(`--valid-to must be a day (YYYY-MM-DD): "${validTo}"`);
  const optional = (key: 'personName' | 'email' | 'phone', option: string) => {
    const value = ctx.string(option);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    companyId,
    barcode,
    name,
    ...(validTo === undefined ? {} : { validTo }),
    ...optional('personName', 'person'),
    ...optional('email', 'email'),
    ...optional('phone', 'phone'),
  };
}

/** A card refused before anything was stored: exit 1, its reasons per field. */
function refused(error: unknown): unknown {
  if (!(error instanceof CoreError)) return error;
  const said = error.said === undefined ? error.message : english(error.said);
  return new CliError(EXIT.failure, `${said} Nothing was stored.`, {
    ...(error.fieldErrors === undefined ? {} : { fieldErrors: error.fieldErrors }),
  });
}

/** The card as issued, with its document's outbox state; exit 1 when the instance refused it. */
function cardResult(entry: EntryOf<'card'>): CommandResult {
  const { person, ...card } = entry.payload;
  const json = {
    ...(entry.remoteId === null ? {} : { id: entry.remoteId }),
    ...card,
    ...(person === undefined ? {} : { person }),
    state: entry.state,
    outbox: toOutboxEntry(entry),
  };
  const rejected = entry.state === 'needs-fix' || entry.state === 'blocked';
  const said = entry.messages === null ? '' : ` ${entry.messages.join(' ')}`;
  return {
    json,
    text: `Card ${card.barcode} (${card.name}) for company ${card.companyId}: ${entry.state}.${said}`,
    exitCode: rejected ? EXIT.failure : EXIT.ok,
  };
}
