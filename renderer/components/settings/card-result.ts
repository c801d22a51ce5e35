// What a Settings card says after an action (the app's own notice, store/app.ts `Notice`, is another
// thing). Its words are made when it is shown, so switching the language re-words a result already
// on screen; an error's text (the core's) is shown as it came.
import type { TFunction } from 'i18next';

export interface CardResult {
  readonly tone: 'ok' | 'error';
  readonly text: (t: TFunction<'settings'>) => string;
}

/** A result in words that are not the catalogue's (the core's error message). */
export function plainResult(tone: CardResult['tone'], text: string): CardResult {
  return { tone, text: () => text };
}
