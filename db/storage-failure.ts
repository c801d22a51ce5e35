// A write to the data folder failed for a reason of the disk, not of Counter: full, read-only, or an
// I/O error (SQLite says only "disk I/O error"; a file size limit and a failing disk look the same).
// Each becomes one message that names the folder and what to do. SQLite rolls the failed transaction
// back, so what was asked is not stored and what was stored before stays.
import { dirname } from 'node:path';
import { say, type Said } from '../contract/core-words.ts';
import type { Db } from './database.ts';

export type StorageFailureKind = 'full' | 'read-only' | 'io';

export class StorageError extends Error {
  override name = 'StorageError';
  readonly kind: StorageFailureKind;
  readonly folder: string;
  /** SQLite's or the system's code, e.g. SQLITE_FULL, SQLITE_IOERR_WRITE, EROFS. */
  readonly code: string;
  constructor(kind: StorageFailureKind, folder: string, code: string) {
    super(messageFor(kind, folder, code));
    this.kind = kind;
    this.folder = folder;
    this.code = code;
  }
}

const FULL = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM']);

function kindOf(code: string): StorageFailureKind | undefined {
  if (FULL.has(code)) return 'full';
  if (READ_ONLY.has(code) || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN'))
    return 'read-only';
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO' || code === 'EFBIG') return 'io';
  return undefined;
}

/** The error as a StorageError of `folder`, or undefined when it is not the disk's doing. */
export function storageFailure(error: unknown, folder: string): StorageError | undefined {
  if (error instanceof StorageError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  const kind = kindOf(code);
  return kind === undefined ? undefined : new StorageError(kind, folder, code);
}

const STORAGE_WORDS = { full: 'storageFull', 'read-only': 'storageReadOnly', io: 'storageIo' } as const;

/** The same message as a core sentence by key (contract/core-words.ts), for the screens' language. */
export function storageSaid(failure: StorageError): Said {
  return say(STORAGE_WORDS[failure.kind], { folder: failure.folder, code: failure.code });
}

/** The folder of a database's file (the data folder for the app's own). */
export function folderOf(db: Db): string {
  return dirname(db.name);
}

function messageFor(kind: StorageFailureKind, folder: string, code: string): string {
  const where = `Cannot write to the data folder ${folder}`;
  const kept = 'The last change was not stored; what was stored before is kept.';
  switch (kind) {
    case 'full':
      return `${where}: the disk is full (${code}). ${kept} Free some space there, then try again.`;
    case 'read-only':
      return `${where}: it is read-only, missing, or this user may not write to it (${code}). ${kept} Make it writable, or choose another data folder, then try again.`;
    case 'io':
      return `${where}: the disk reported an error (${code}: it may be full, a file size limit reached, or the disk failing). ${kept} Free some space or check the disk, then try again.`;
  }
}
