// Settings → Language: the screens' language, 'system' (the OS's, or the browser's in the web shell)
// or one chosen here. Each choice is saved at once and the screens speak it at once (App applies it);
// the core lets a language change through without the manager PIN. Arrow keys move through the choices.
import { useTranslation } from 'react-i18next';
import type { SettingsView } from '../../../contract/contract.ts';
import { preferredLanguages } from '../../i18n/index.ts';
import { LANGUAGE_NAMES, LANGUAGES, pickLanguage } from '../../i18n/languages.ts';
import { ChoiceCard } from './ChoiceCard.tsx';

export function LanguageCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const system = LANGUAGE_NAMES[pickLanguage('system', preferredLanguages())];
  return (
    <ChoiceCard
      section="language"
      title={t('languageTitle')}
      legend={t('languageLegend')}
      help={t('languageHelp')}
      choices={[
        { value: 'system', label: t('languageSystem', { language: system }) },
        // Each language's name in itself, marked so (a reader speaks it in that language).
        ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: l })),
      ]}
      value={settings.language}
      patch={(language) => ({ language })}
    />
  );
}
