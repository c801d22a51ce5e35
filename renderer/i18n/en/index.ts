// English, the source language: each namespace is one area of the screens.
import { common } from './common.ts';

export const en = { common } as const;
