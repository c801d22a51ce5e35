// The client secret encrypted with Electron safeStorage (DPAPI on Windows, Keychain on macOS,
// libsecret/kwallet on Linux) in <dataDir>/client-secret.bin (mode 0600). Where no OS keychain is
// available (Linux's 'basic_text' backend is a hard-coded key, so it counts as unavailable) the
// secret is kept for the session only, and Settings says so.
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import { MemoryCredentialStore, type CredentialStore } from '../settings/credentials.ts';

export class SafeStorageCredentialStore implements CredentialStore {
  readonly kind = 'safeStorage';
  readonly #file: string;
  readonly #safe: SafeStorage;

  constructor(dataDir: string, safe: SafeStorage, file = 'client-secret.bin') {
    this.#file = join(dataDir, file);
    this.#safe = safe;
  }

  getSecret(): string | undefined {
    if (!existsSync(this.#file)) return undefined;
    try {
      return this.#safe.decryptString(readFileSync(this.#file));
    } catch {
      // Encrypted by another user or machine: as good as no secret; Settings asks for it again.
      return undefined;
    }
  }

  setSecret(secret: string): void {
    writeFileSync(this.#file, this.#safe.encryptString(secret), { mode: 0o600 });
    chmodSync(this.#file, 0o600);
  }

  clearSecret(): void {
    rmSync(this.#file, { force: true });
  }
}

export function credentialStoreFor(
  dataDir: string,
  safe: SafeStorage,
  log: (line: string) => void,
  /** The file in the data folder: the client secret's, or another secret's (the store hub's). */
  file = 'client-secret.bin',
): CredentialStore {
  const backend = process.platform === 'linux' ? safe.getSelectedStorageBackend() : 'os';
  if (safe.isEncryptionAvailable() && backend !== 'basic_text' && backend !== 'unknown') {
    return new SafeStorageCredentialStore(dataDir, safe, file);
  }
  log(`no OS keychain available: ${file} is kept for this session only`);
  return new MemoryCredentialStore();
}
