// The documents the outbox carries (issue 39): an internet order, and since the till issues loyalty
// cards, a company card. Each goes through the one outbox machine (queued, sending, in-doubt,
// needs-fix, sent ...); its `kind` says which shape its payload has and which sender sends it.
// Another document (a return) is one more kind here, one more payload and one more sender.
import { z } from 'zod';
import { lazy } from '../common/lazy.ts';

export const DOCUMENT_KINDS = ['order', 'card'] as const;
export const DocumentKind = lazy(() => z.enum(DOCUMENT_KINDS));
export type DocumentKind = z.infer<typeof DocumentKind>;

/** SPEC.md's bounds of a company card (Limits: barcode <= 255, name <= 80). */
export const CARD_BARCODE_MAX = 255;
export const CARD_NAME_MAX = 80;
/** SPEC.md's bounds of an authorised person (email, name <= 50, phone <= 20). */
export const PERSON_EMAIL_MAX = 50;
export const PERSON_NAME_MAX = 50;
export const PERSON_PHONE_MAX = 20;

/** The authorised person given with a card issued at the till (optional, SPEC.md's fields). */
export const CardPerson = lazy(() =>
  z.strictObject({
    name: z.string().trim().min(1).max(PERSON_NAME_MAX),
    email: z.email().max(PERSON_EMAIL_MAX).optional(),
    phone: z
      .string()
      .trim()
      .max(PERSON_PHONE_MAX)
      .regex(/^\+?[0-9 ()/-]{3,}$/)
      .optional(),
  }),
);
export type CardPerson = z.infer<typeof CardPerson>;

/**
 * A company card as the till issues it (POST /api/companies/{companyId}/cards). validFrom/validTo are
 * SPEC.md date-times without an offset ("2026-11-28T00:00:00"). `person`: an authorised person the
 * card's sender adds to the company once the card is stored (POST .../authorized-persons).
 */
export const CardDocument = lazy(() =>
  z.strictObject({
    companyId: z.int().positive(),
    barcode: z.string().trim().min(1).max(CARD_BARCODE_MAX),
    name: z.string().trim().min(1).max(CARD_NAME_MAX),
    validFrom: z.iso.datetime({ local: true }).optional(),
    validTo: z.iso.datetime({ local: true }).optional(),
    /** Percent off, as the company's other cards give (a programme's cards share one). */
    discount: z.number().min(0).max(100).optional(),
    person: CardPerson.optional(),
  }),
);
export type CardDocument = z.infer<typeof CardDocument>;
