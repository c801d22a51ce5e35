// What every handler slice needs, below all of them: the core's error and its shape, the handler
// types derived from the contract, the manager guard, the one field-path form, and this process's
// owner name for what it holds (an order being sent, the catalog being synced). A slice imports
// this, never main/core (the composition root that wires the slices).
export { configured, CoreError, numericId, toShape } from './errors.ts';
export { zodFieldErrors, zodFieldSaid } from './field-errors.ts';
export { requireManager, type GuardedAction } from './guard.ts';
export type { Handler, Handlers } from './handlers.ts';
export { newOwnerName, parseOwnerName, THIS_HOST, type OwnerName, type ProcessTable } from './process.ts';
