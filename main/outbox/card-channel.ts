// How a card issued at the till is sent (issue 39): POST /api/companies/{companyId}/cards, then its
// authorised person if one was given. SPEC.md gives the card no client reference the instance
// recognises, so a card is never posted again on a guess: any attempt after the first reads the
// company's cards first, and a card with its barcode and its name there is the one an earlier attempt
// stored (barcodes are unique on an instance). Only a card not found there is posted again: a card
// there that cannot be read and may be this one is not "not found".
import type { CardDocument, CardPerson } from '../../contract/documents.ts';
import type { ArrayAnswer, CompanyCard } from '../service/index.ts';
import { inDoubt, outcomeOfFailure, type AttemptContext, type AttemptOutcome } from './attempt-outcome.ts';
import type { DocumentChannel, EntryOf } from './documents.ts';
import { retryDelay, ServiceError } from '../service/index.ts';

/** The part of ServiceClient (main/service) a card's sender uses. */
export interface CardIssueService {
  createCompanyCard(
    companyId: number,
    card: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<CompanyCard>;
  /** The company's cards, each read on its own: one unreadable card does not hide the others. */
  companyCardsAnswer(
    companyId: number,
    options?: { signal?: AbortSignal },
  ): Promise<ArrayAnswer<CompanyCard>>;
  createAuthorizedPerson(
    companyId: number,
    person: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ id?: number | undefined }>;
}

export interface CardChannelOptions {
  /** The instance stored the card (or holds it already): the till's cache takes the instance's card. */
  readonly stored?: (entry: EntryOf<'card'>, card: CompanyCard & { readonly id: number }) => void;
  readonly log?: (line: string) => void;
  /**
   * Whether an earlier attempt of this entry had the instance's answer with the card (then it went on
   * to post the person). Absent: none did. A card found on the instance by a later attempt whose
   * earlier answers were all lost never had its person posted.
   */
  readonly answeredBefore?: (entry: EntryOf<'card'>) => boolean;
}

export function cardChannel(
  service: CardIssueService,
  options: CardChannelOptions = {},
): DocumentChannel<'card'> {
  const log = options.log ?? (() => undefined);
  // The cache is the till's convenience: a failure to update it never changes what the instance said.
  const remember = (entry: EntryOf<'card'>, card: CompanyCard & { readonly id: number }): void => {
    try {
      options.stored?.(entry, card);
    } catch (error) {
      log(
        `outbox: card ${card.id} stored, not cached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  return {
    settlesDoubtByReading: true,
    async send(entry, context) {
      const card = entry.payload;
      // A former attempt may have stored it (an answer lost, a process gone): read before posting.
      if (entry.attempts > 1) {
        const held = await heldAlready(service, card, context);
        if (held.kind === 'failed') return held.outcome;
        if (held.kind === 'found') {
          // Read before `remember` settles the cache: that is what marks an answer had.
          const answered = options.answeredBefore?.(entry) ?? false;
          remember(entry, held.card);
          const person = await personOfHeld(service, card, answered, context, log);
          return sent(
            held.card,
            [
              'The instance already held this card (an earlier attempt stored it); it was not posted again.',
              ...person.messages,
            ],
            person.fieldErrors,
          );
        }
      }
      let stored: CompanyCard;
      try {
        stored = await service.createCompanyCard(card.companyId, cardFields(card));
      } catch (error) {
        return cardFailure(error, context);
      }
      if (stored.id === undefined) {
        // A 2xx without the card's id proves nothing: the next attempt reads the company's cards.
        return outcomeOfFailure(new Error('the instance answered without the card it stored'), context);
      }
      const withId = { ...stored, id: stored.id };
      remember(entry, withId);
      const person =
        card.person === undefined ? NO_PERSON : await addPerson(service, card, card.person, context, log);
      return sent(withId, person.messages, person.fieldErrors);
    },
  };
}

type Held =
  | { readonly kind: 'found'; readonly card: CompanyCard & { readonly id: number } }
  | { readonly kind: 'absent' }
  | { readonly kind: 'failed'; readonly outcome: AttemptOutcome };

async function heldAlready(
  service: CardIssueService,
  card: CardDocument,
  context: AttemptContext,
): Promise<Held> {
  try {
    const answer = await service.companyCardsAnswer(card.companyId);
    // Cards there that may be this one but cannot be taken for it: what each is, for the entry.
    const unsure: string[] = [];
    for (const element of answer.elements()) {
      if ('row' in element) {
        const c = element.row;
        // Its code on a card of another name is someone else's card (another till, the back office),
        // stored meanwhile: not this one. Posted, the instance refuses it as a duplicate (needs-fix).
        if (c.barcode !== card.barcode || c.name !== card.name) continue;
        if (c.id !== undefined) return { kind: 'found', card: { ...c, id: c.id } };
        unsure.push('a card there has this code and name but no id');
      } else if (mayBeThisCard(element.unreadable.value, card)) {
        // Unreadable (a field Counter cannot read): the others are read, but this one may be the
        // card an earlier attempt stored, and taking it for "not there" would post it twice.
        unsure.push(`a card there cannot be read (${element.unreadable.problem})`);
      }
    }
    if (unsure.length === 0) return { kind: 'absent' };
    const next = context.nowMs + retryDelay(context.backoff, context.attempts, undefined, context.random);
    return {
      kind: 'failed',
      outcome: {
        outcome: inDoubt(context, next, [
          `The company's cards on the instance hold one that may be this card but cannot be taken for it: ${unsure.join('; ')}. It was not posted again. Look for the code ${card.barcode} among the company's cards there: found, mark it sent with its id.`,
        ]),
        directive: { kind: 'continue' },
      },
    };
  } catch (error) {
    // Not read: the doubt stands (never a post on a guess); the outcome keeps it in doubt or queued.
    const failed = outcomeOfFailure(error, context);
    const state = failed.outcome.state === 'queued' ? 'queued' : 'in-doubt';
    return {
      kind: 'failed',
      outcome: {
        directive: failed.directive,
        outcome: {
          ...failed.outcome,
          state,
          messages: [
            ...(failed.outcome.messages ?? []),
            "The company's cards could not be read to see whether an earlier attempt stored this card; it was not posted again.",
          ],
        },
      },
    };
  }
}

/**
 * Whether a card the instance sent that cannot be read may be this one: unless it plainly carries
 * another code, or this code under another name (someone else's card, as for a readable one). Not
 * JSON, not an object, or a code that is not text: it may be.
 */
function mayBeThisCard(value: unknown, card: CardDocument): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const { barcode, name } = value as { barcode?: unknown; name?: unknown };
  if (typeof barcode !== 'string') return true;
  if (barcode !== card.barcode) return false;
  return typeof name !== 'string' || name === card.name;
}

/**
 * The card as SPEC.md's POST .../cards body takes it and the catalog caches it: the document without
 * its authorised person (posted after the card).
 */
export function cardFields(card: CardDocument): Omit<CardDocument, 'person'> {
  return {
    companyId: card.companyId,
    barcode: card.barcode,
    name: card.name,
    ...(card.validFrom === undefined ? {} : { validFrom: card.validFrom }),
    ...(card.validTo === undefined ? {} : { validTo: card.validTo }),
    ...(card.discount === undefined ? {} : { discount: card.discount }),
  };
}

function sent(
  card: CompanyCard & { readonly id: number },
  messages: readonly string[],
  fieldErrors?: Record<string, string[]>,
): AttemptOutcome {
  return {
    outcome: {
      state: 'sent',
      remoteId: card.id,
      ...(messages.length > 0 ? { messages } : {}),
      ...(fieldErrors === undefined ? {} : { fieldErrors }),
    },
    directive: { kind: 'continue' },
  };
}

/**
 * A card's 404 is not an order's: the instance lacks the endpoint (an older release) or the company.
 * Everything else is the order's rule (attempt-outcome.ts): 400 per field, 403 with the permission.
 */
function cardFailure(error: unknown, context: AttemptContext): AttemptOutcome {
  const failed = outcomeOfFailure(error, context);
  if (error instanceof ServiceError && error.kind === 'http' && error.status === 404) {
    return {
      ...failed,
      outcome: {
        ...failed.outcome,
        messages: [
          'The instance does not take this card (404): it lacks the company or the cards endpoint.',
          ...error.messages,
        ],
      },
    };
  }
  return failed;
}

/**
 * What became of the card's authorised person, for the entry: Counter's lines, and the instance's
 * refusal per field of the person (`person.name`, `person.email`, `person.phone`: the document's own
 * paths, never the card's `name`).
 */
interface PersonOutcome {
  readonly messages: readonly string[];
  readonly fieldErrors?: Record<string, string[]>;
}

const NO_PERSON: PersonOutcome = { messages: [] };

/**
 * The person of a card an earlier attempt stored: the person goes only after the card's answer, so
 * an attempt whose answer was lost never posted it, and it is posted now. An attempt that had the
 * answer may have posted it before the process stopped: not posted on that guess, and said.
 */
async function personOfHeld(
  service: CardIssueService,
  card: CardDocument,
  answeredBefore: boolean,
  context: AttemptContext,
  log: (line: string) => void,
): Promise<PersonOutcome> {
  if (card.person === undefined) return NO_PERSON;
  if (answeredBefore)
    return {
      messages: [
        'An earlier attempt had the instance store the card and may have added its authorised person: it was not added again; look for it on the instance.',
      ],
    };
  return addPerson(service, card, card.person, context, log);
}

/**
 * The authorised person, once the card is stored. Its failure does not undo the card: the entry is
 * sent. Where the instance answered and refused it (a 400 per field, a 403), or it was never sent,
 * the entry says the person was not added (the instance's words kept), for a person to add there.
 * Where it may have reached the instance (a reset after sending, a timeout, a 5xx, a 499: what puts
 * an order in doubt, attempt-outcome.ts), it is not posted again (SPEC.md gives persons no client
 * reference nor a way to read a company's persons) and the entry says it may have been added: look
 * on the instance before adding it, or there are two.
 */
async function addPerson(
  service: CardIssueService,
  card: CardDocument,
  person: CardPerson,
  context: AttemptContext,
  log: (line: string) => void,
): Promise<PersonOutcome> {
  try {
    await service.createAuthorizedPerson(card.companyId, {
      companyId: card.companyId,
      name: person.name,
      ...(person.email === undefined ? {} : { email: person.email }),
      ...(person.phone === undefined ? {} : { phone: person.phone }),
    });
    return NO_PERSON;
  } catch (error) {
    const said = error instanceof ServiceError ? error.messages.join(' ') || error.message : String(error);
    const state = outcomeOfFailure(error, context).outcome.state;
    if (state === 'in-doubt' || state === 'sent') {
      log(`outbox: card ${card.barcode} stored, its authorised person maybe: ${said}`);
      return {
        messages: [
          `The card was stored; its authorised person may have been added (no clear answer came back: ${said}): it was not added again; look for it on the instance before adding it.`,
        ],
      };
    }
    log(`outbox: card ${card.barcode} stored, its authorised person not: ${said}`);
    const fields = error instanceof ServiceError ? Object.entries(error.fieldErrors) : [];
    return {
      messages: [`The card was stored; its authorised person was not added: ${said}`],
      ...(fields.length === 0
        ? {}
        : { fieldErrors: Object.fromEntries(fields.map(([field, list]) => [`person.${field}`, list])) }),
    };
  }
}
