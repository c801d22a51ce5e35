// What a Settings card says after an action. Its words are made when it is shown, so switching the
// language re-words a notice already on screen; an error's text (the core's) is shown as it came.
import type { TFunction } from 'i18next';

export interface Notice {
  readonly tone: 'ok' | 'error';
  readonly say: (t: TFunction<'settings'>) => string;
}

/** A notice of words that are not the catalogue's (the core's error message). */
export function saying(tone: Notice['tone'], text: string): Notice {
  return { tone, say: () => text };
}
