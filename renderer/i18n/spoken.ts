// The core's own words said in the screens' language: each sentence by its key in the `core`
// namespace. A key this renderer does not know (a newer core) keeps the core's English.
import type { PosError, PosErrorShape } from '../../contract/contract.ts';
import { i18n } from './index.ts';

type SaidList = PosErrorShape['said'];

/** The sentences in the screens' language, joined by `separator`; the English when a key is unknown. */
export function spoken(said: SaidList, english: string, separator = ' '): string {
  if (said === undefined || said.length === 0) return english;
  if (!said.every((s) => i18n.exists(`core:${s.key}`))) return english;
  return said.map((s) => i18n.t(`core:${s.key}` as 'core:failed', s.values ?? {})).join(separator);
}

/**
 * A refusal's field errors in the screens' language, by field: Counter's own by key, the instance's
 * (and any key this renderer does not know) as they came.
 */
export function spokenFields(error: Pick<PosError, 'fieldErrors' | 'fieldSaid'>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, english] of Object.entries(error.fieldErrors)) {
    const said = error.fieldSaid[field];
    const known = said !== undefined && said.length > 0 && said.every((s) => i18n.exists(`core:${s.key}`));
    out[field] = known ? said.map((s) => spoken([s], '')) : english;
  }
  return out;
}
