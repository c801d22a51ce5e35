// Every CLI command, one line each: `name: () => import('./name.ts')`, where the module exports
// `command` (see command.ts). Modules load only when their command runs (or for the usage text).
import type { Command } from './command.ts';

export const commands: Readonly<Record<string, () => Promise<{ command: Command }>>> = {
  version: () => import('./version.ts'),
  sync: () => import('./sync.ts'),
  stock: () => import('./stock.ts'),
  order: () => import('./order.ts'),
  outbox: () => import('./outbox.ts'),
  scan: () => import('./scan.ts'),
  shift: () => import('./shift.ts'),
  return: () => import('./return.ts'),
  card: () => import('./card.ts'),
};
