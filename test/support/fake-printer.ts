// A network receipt printer for the tests: a TCP server on loopback that keeps every byte each
// connection sent (one connection, one job, as Counter sends them) and answers the paper sensor's
// status request (DLE EOT 4) as a real ESC/POS printer does. It can be switched off (the port refuses
// connections, as a printer that is off), out of paper, or stuck (it takes connections and reads
// nothing, answers nothing), and back on, on the same port. It can also drop a job part way: it takes
// the first N bytes of the next job and resets the connection under the rest (a printer that reboots,
// a cable pulled mid-receipt).
import { createServer, type Server, type Socket } from 'node:net';

export type PaperState = 'ok' | 'out';

export class FakePrinter {
  readonly port: number;
  /** Each finished connection's bytes, in the order they closed. */
  readonly jobs: Uint8Array[] = [];
  paper: PaperState = 'ok';
  /** Whether it answers DLE EOT 4 (some printers do not). */
  answersStatus = true;
  #server: Server | null;
  #stuck = false;
  /** The next job is cut off after this many bytes of its connection (status requests included). */
  #dropAfter: number | null = null;
  readonly #sockets = new Set<Socket>();
  readonly #waiters = new Set<() => void>();

  private constructor(server: Server, port: number) {
    this.#server = server;
    this.port = port;
  }

  static async start(port = 0): Promise<FakePrinter> {
    const printer = new FakePrinter(createServer(), 0);
    const bound = await printer.#listen(port);
    return Object.assign(printer, { port: bound });
  }

  /** tcp://127.0.0.1:PORT */
  get address(): string {
    return `tcp://127.0.0.1:${String(this.port)}`;
  }

  /** All bytes received, every job one after another. */
  received(): Uint8Array {
    return Buffer.concat(this.jobs);
  }

  /** The jobs that sent more than status requests (a connection that only asked for paper is none). */
  printed(): Uint8Array[] {
    return this.jobs.filter((job) => !onlyStatus(job));
  }

  /** Off: connections are refused until `on()`. */
  async off(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async on(): Promise<void> {
    this.#stuck = false;
    if (this.#server === null) await this.#listen(this.port);
  }

  /** Stuck: takes connections but reads and answers nothing. */
  stick(): void {
    this.#stuck = true;
  }

  /**
   * The next connection that sends more than `bytes` bytes keeps only those and is dropped under the
   * rest (a reset: the bytes it did not read are lost). Once; the job after it is taken whole.
   */
  dropNextAfter(bytes: number): void {
    this.#dropAfter = bytes;
  }

  /** Resolves once `test` holds of the jobs received (checked after every job). */
  async until(test: (jobs: readonly Uint8Array[]) => boolean): Promise<void> {
    while (!test(this.jobs)) await new Promise<void>((resolve) => this.#waiters.add(resolve));
  }

  async close(): Promise<void> {
    await this.off();
  }

  async #listen(port: number): Promise<number> {
    const server = createServer((socket) => this.#accept(socket));
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('The fake printer has no port.');
    return address.port;
  }

  #accept(socket: Socket): void {
    this.#sockets.add(socket);
    const chunks: Buffer[] = [];
    let seen = 0;
    if (this.#stuck) socket.pause();
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      let all = Buffer.concat(chunks);
      const limit = this.#dropAfter;
      if (limit !== null && all.length > limit) {
        this.#dropAfter = null;
        all = all.subarray(0, limit);
        chunks.splice(0, chunks.length, all);
        // Unread bytes in its buffer make the close a reset, as a printer that went away mid-job.
        socket.resetAndDestroy();
        return;
      }
      // Each paper status request is answered at once, as a real-time command.
      for (let i = Math.max(0, seen - 2); i + 2 < all.length; i++) {
        if (all[i] === 0x10 && all[i + 1] === 0x04 && all[i + 2] === 0x04 && i + 2 >= seen) {
          if (this.answersStatus) socket.write(Uint8Array.of(this.paper === 'out' ? 0x72 : 0x12));
        }
      }
      seen = all.length;
    });
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      this.#sockets.delete(socket);
      if (this.#stuck) return;
      this.jobs.push(Buffer.concat(chunks));
      for (const wake of this.#waiters) wake();
      this.#waiters.clear();
    });
    socket.on('error', () => undefined);
  }
}

function onlyStatus(job: Uint8Array): boolean {
  for (let i = 0; i < job.length; i += 3) {
    if (job[i] !== 0x10 || job[i + 1] !== 0x04 || job[i + 2] !== 0x04) return false;
  }
  return true;
}
