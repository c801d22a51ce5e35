// The ordered list of schema migrations. Append only: a shipped migration is never edited.
import { meta } from './0001-meta.ts';
import { catalog } from './0002-catalog.ts';
import { outbox } from './0003-outbox.ts';
import { counterSessions } from './0004-counter-sessions.ts';
import type { Migration } from './types.ts';

export type { Migration } from './types.ts';

export const migrations: readonly Migration[] = [meta, catalog, outbox, counterSessions];
