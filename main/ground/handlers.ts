// The handlers map's type, derived from the contract: one handler per call in contract/contract.ts
// `calls`, taking the parsed input and returning what the output schema accepts. Each area's slice
// (main/<area>/handlers.ts) returns a Pick of it; main/core/core.ts spreads the slices into one
// `Handlers` value, so a call no slice handles is a type error there.
import type { z } from 'zod';
import type { CallChannel, calls } from '../../contract/contract.ts';

export type Handler<C extends CallChannel> = (
  input: z.output<(typeof calls)[C]['input']>,
) => Promise<z.input<(typeof calls)[C]['output']>>;

export type Handlers = { [C in CallChannel]: Handler<C> };
