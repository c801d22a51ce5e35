// What a catalogue is lives beside the words the screens share with paper (common/words/catalogue.ts).
export type { PluralSuffix, Translation } from '../../common/words/catalogue.ts';
