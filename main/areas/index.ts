// The areas as the app, the web shell and the CLI all build them (issue 36, point 3): each factory
// takes what its area needs and returns its parts, so no shell wires an area its own way.
export { buildOutbox, OFFLINE, type OutboxNeeds } from './outbox.ts';
export { buildCounter, type CounterArea, type CounterNeeds } from './counter.ts';
