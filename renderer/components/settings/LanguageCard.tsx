// Settings → Language: the screens' language, 'system' (the OS's, or the browser's in the web shell)
// or one chosen here. Each choice is saved at once and the screens speak it at once (App applies it);
// the core lets a language change through without the manager PIN. Arrow keys move through the choices.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, SettingsView } from '../../../contract/contract.ts';
import { LANGUAGE_NAMES, LANGUAGES, pickLanguage } from '../../i18n/languages.ts';
import { message } from '../../store/app.ts';
import { saveSettings } from '../../store/settings.ts';

const CHOICES: readonly Language[] = ['system', ...LANGUAGES];

export function LanguageCard({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation('settings');
  const [error, setError] = useState<string | null>(null);
  // The choice shows checked while it is saved (an arrow key moves the check at once).
  const [chosen, setChosen] = useState<Language | null>(null);
  const system = LANGUAGE_NAMES[pickLanguage('system', navigator.languages)];
  const choose = async (language: Language) => {
    setChosen(language);
    try {
      await saveSettings({ language });
      setError(null);
    } catch (e) {
      setError(message(e));
    } finally {
      setChosen(null);
    }
  };
  return (
    <div className="card" data-section="language">
      <h2>{t('languageTitle')}</h2>
      <fieldset className="language-choice">
        <legend>{t('languageLegend')}</legend>
        {CHOICES.map((choice) => (
          <label key={choice} className="check" lang={choice === 'system' ? undefined : choice}>
            <input
              type="radio"
              name="language"
              value={choice}
              checked={(chosen ?? settings.language) === choice}
              onChange={() => void choose(choice)}
              data-language-option={choice}
            />{' '}
            {choice === 'system' ? t('languageSystem', { language: system }) : LANGUAGE_NAMES[choice]}
          </label>
        ))}
      </fieldset>
      <p className="muted">{t('languageHelp')}</p>
      {error !== null && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
