// The core's own words (scan outcomes, refusals, errors): their English is the core's table, so the
// CLI, the log and the screens say the same; the other languages translate it here.
import { CORE_WORDS } from '../../../contract/contract.ts';

export const core = CORE_WORDS;
