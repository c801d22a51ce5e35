// Core -> shells event fan-out. Payloads are parsed with the contract's event schemas before they are
// handed to any listener, so a shell forwards only what the contract allows.
import { parseEvent, type EventChannel, type EventPayload } from '../../contract/contract.ts';

export type CoreListener = (event: EventChannel, payload: unknown) => void;

export class EventBus {
  readonly #listeners = new Set<CoreListener>();

  subscribe(listener: CoreListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Someone listens: an event for nobody (a core being made, before a shell subscribes) is not built. */
  get listening(): boolean {
    return this.#listeners.size > 0;
  }

  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    // Parsed for the listeners: with none, there is no one to hand it to.
    if (!this.listening) return;
    const clean = parseEvent(event, payload);
    for (const listener of this.#listeners) {
      try {
        listener(event, clean);
      } catch (error) {
        // A broken subscriber (a closed SSE stream) must not stop the others.
        console.error(`event listener failed for ${event}:`, error instanceof Error ? error.message : error);
      }
    }
  }
}
