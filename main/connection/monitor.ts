// Online/offline as the status bar shows it: a health probe of the instance on a timer. The probe is
// cheap (GET /api/health, no token) and never throws; a change is reported once, not on every probe.
export interface ConnectivityOptions {
  probe: () => Promise<boolean>;
  intervalMs: number;
  onChange: (online: boolean) => void;
}

export class ConnectivityMonitor {
  readonly #options: ConnectivityOptions;
  #online: boolean | null = null;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #checking: Promise<boolean> | undefined;

  constructor(options: ConnectivityOptions) {
    this.#options = options;
  }

  get online(): boolean | null {
    return this.#online;
  }

  start(): void {
    void this.check();
  }

  /** Probes now (coalescing concurrent calls) and reschedules the next probe. */
  check(): Promise<boolean> {
    this.#checking ??= this.#probe().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  /** A call that just failed or succeeded over the network is fresher evidence than the last probe. */
  report(online: boolean): void {
    this.#set(online);
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #probe(): Promise<boolean> {
    clearTimeout(this.#timer);
    let online = false;
    try {
      online = await this.#options.probe();
    } catch {
      online = false;
    }
    if (!this.#stopped) {
      this.#set(online);
      this.#timer = setTimeout(() => void this.check(), this.#options.intervalMs);
      this.#timer.unref();
    }
    return online;
  }

  #set(online: boolean): void {
    if (this.#online === online) return;
    this.#online = online;
    this.#options.onChange(online);
  }
}
