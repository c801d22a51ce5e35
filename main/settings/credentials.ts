// Where the client secret lives. The core asks this interface only; each shell brings its own
// implementation: Electron encrypts with the OS keychain (main/electron/credentials.ts), the web shell
// keeps it in memory while it runs (it has no OS keychain to borrow, and a key file beside the
// encrypted file would only be obfuscation - see docs/assumptions.md "The app").
export interface CredentialStore {
  /** 'safeStorage': encrypted at rest by the OS; 'memory': kept in memory only, gone when the process ends. */
  readonly kind: 'safeStorage' | 'memory';
  getSecret(): string | undefined;
  setSecret(secret: string): void;
  clearSecret(): void;
}

export class MemoryCredentialStore implements CredentialStore {
  readonly kind = 'memory';
  #secret: string | undefined;

  getSecret(): string | undefined {
    return this.#secret;
  }

  setSecret(secret: string): void {
    this.#secret = secret;
  }

  clearSecret(): void {
    this.#secret = undefined;
  }
}
