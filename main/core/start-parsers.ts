// zod compiles an object schema's parser (its JIT) at the schema's first parse, and whether it will
// is fixed when the schema is built. At a restart every parse is a first one: compiling them cost
// the packaged till ~16 ms of CPU before its first barcode answered (first-barcode bench's child,
// 15 restarts each way: 125.8 → 109.4 ms). So the core is made and answers its first call with the
// schemas it builds then interpreted; with its background work they are built again (common/lazy.ts
// rebuildLazy), compiled at their next first parse, so a till's day parses as fast as before.
import { z } from 'zod';
import { rebuildLazy } from '../../common/lazy.ts';

/** Until compiledFromNow(): schemas built now parse interpreted (no compiling before the first answer). */
export function interpretedAtStart(): void {
  z.config({ jitless: true });
}

/** Schemas built from now on compile their parsers, and those built at the start are built again. */
export function compiledFromNow(): void {
  if (z.config().jitless !== true) return;
  z.config({ jitless: false });
  rebuildLazy();
}
