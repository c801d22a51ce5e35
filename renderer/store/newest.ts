// One piece of the core's state the store mirrors (the status bar's status, the sync rows, the Orders
// list), fed by two paths that race. The core's events come down one ordered stream, each the state
// at that moment. Answers to calls come back whenever their request ends, each the state when the
// core answered, which may be older than an event already shown (a fast sync's "done" arriving before
// the "running" that sync.now answered). So each event and each question gets the next number, and a
// value is applied only if nothing with a later number was: an answer is dropped when an event arrived
// after it was asked, or when a later question's answer was applied first.
//
// An event is always applied: the stream is the core's own order. One older than an answer already
// shown (sent before the core answered, delivered after) is followed by the event of whatever changed
// since, so the last thing shown is the core's last word.

export class Newest<T> {
  readonly #apply: (value: T) => void;
  #next = 0;
  #applied = 0;

  constructor(apply: (value: T) => void) {
    this.#apply = apply;
  }

  /** An event carried the state: shown at once. */
  event(value: T): void {
    this.#applied = ++this.#next;
    this.#apply(value);
  }

  /** Asks the core and shows its answer unless something newer was shown meanwhile; a refusal is thrown. */
  async ask(ask: () => Promise<T>): Promise<void> {
    const number = ++this.#next;
    const value = await ask();
    if (number < this.#applied) return;
    this.#applied = number;
    this.#apply(value);
  }

  /**
   * Asks the core; a refusal goes to `refused` only while nothing newer was asked or shown since (a
   * later question's answer, or an event, is the newer word and stays shown).
   */
  async askOr(ask: () => Promise<T>, refused: (error: unknown) => void): Promise<void> {
    const number = this.#next + 1;
    try {
      await this.ask(ask);
    } catch (error) {
      if (number === this.#next) refused(error);
    }
  }
}
