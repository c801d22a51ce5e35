// Messages between sync and its stock-item writer thread (zod-checked on both sides).
import { z } from 'zod';

export const StockPageWrite = z.object({
  id: z.number().int(),
  mark: z.number().int(),
  syncedAt: z.string(),
  /** The cursor committed with the page (JSON), so a killed run resumes after it. */
  cursor: z.string(),
  // Rows were parsed by the service client; the writer checks only what the table requires.
  rows: z.array(z.looseObject({ id: z.number(), warehouseId: z.number(), productId: z.number() })),
});
export type StockPageWrite = z.infer<typeof StockPageWrite>;

export const WriterRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page'), page: StockPageWrite }),
  z.object({ type: z.literal('close') }),
]);
export type WriterRequest = z.infer<typeof WriterRequest>;

export const WriterReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('written'), id: z.number().int() }),
  z.object({
    type: z.literal('failed'),
    id: z.number().int(),
    message: z.string(),
    /** SQLite's or the system's code (SQLITE_FULL, ...): a full disk is named as such on this side. */
    code: z.string().optional(),
  }),
  z.object({ type: z.literal('closed') }),
]);
export type WriterReply = z.infer<typeof WriterReply>;
