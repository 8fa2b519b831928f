import { isLanguage, LANGUAGES, localizedPath } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
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
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <select
      name="language"
      className={classes.select}
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (!isLanguage(language)) return;
        // A public page has an address per language (docs/decisions/047): the choice moves to it once the
        // interface has switched, so the page does not draw the old language at the new address.
        const address = localizedPath(`${location.pathname}${location.search}${location.hash}`, language);
        void import('../lib/language-choice.ts').then(({ chooseLanguage }) =>
          chooseLanguage(language, () => {
            if (address !== `${location.pathname}${location.search}${location.hash}`) void navigate(address);
          }),
        );
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
