import { isLanguage, LANGUAGES } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../lib/language.ts';
import classes from './top-bar-select.module.css';

/**
 * The language switch of the top bars: each language named in itself. A plain native select: it adds no
 * JavaScript to the visitors' first page (a Mantine select or menu would: docs/decisions/018), phones show
 * their own picker, and it is a form control every screen reader knows. What a choice does (strings,
 * cookie, account) loads only when someone makes one.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      name="language"
      className={classes.select}
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (!isLanguage(language)) return;
        void import('../lib/language-choice.ts').then(({ chooseLanguage }) => chooseLanguage(language));
      }}
    >
      {LANGUAGES.map((language) => (
        // Each name in its own language, so a screen reader reads नेपाली in Nepali.
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
