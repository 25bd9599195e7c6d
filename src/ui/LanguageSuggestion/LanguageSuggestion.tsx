import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { suggestWords } from '../../i18n/areas/suggest.ts';
import { LanguageProvider, useLanguage } from '../../i18n/languageContext.tsx';
import { languageSwitchAttribute, type Language } from '../../i18n/languages.ts';
import { languageToSuggest, rememberAnswer, watchLanguageChoice } from '../../i18n/suggestion.ts';
import { useText } from '../../i18n/words.ts';
import { useLanguageLinks, type LanguageLink } from '../LanguageSwitch.tsx';
import styles from './LanguageSuggestion.module.css';

/**
 * "Esta página está disponible en español": a small note under the language switch, in the
 * language it suggests (marked with it, so a screen reader reads it right), with a link to the
 * same page in that language and a "No, gracias". It takes no room in the page (nothing moves),
 * and comes after the skip link in the reading and tab order. Following it or dismissing it is
 * the visitor's answer, kept for later visits (src/i18n/suggestion.ts).
 */
export default function LanguageSuggestion({
  language,
  onDone,
}: {
  language: Language;
  onDone: () => void;
}) {
  // The address from the page's own language, before the note's words switch to the other.
  const link = useLanguageLinks()(language);
  const page = useLanguage();
  // Not for a visitor who answered before, nor for a crawler (read once: this renders only in
  // the browser, after the page started).
  const [shown] = useState(
    () =>
      languageToSuggest(page, [page, language], {
        languages: navigator.languages,
        userAgent: navigator.userAgent,
      }) === language,
  );
  // Choosing a language with the switch answers it too.
  useEffect(() => (shown ? watchLanguageChoice(onDone) : undefined), [shown, onDone]);
  if (!shown) return null;
  return (
    <LanguageProvider value={language}>
      <Suggestion language={language} link={link} onDone={onDone} />
    </LanguageProvider>
  );
}

function Suggestion({
  language,
  link,
  onDone,
}: {
  language: Language;
  link: LanguageLink;
  onDone: () => void;
}) {
  const t = useText(suggestWords);
  const dismiss = () => {
    rememberAnswer('dismissed');
    onDone();
    // The note is gone: focus goes on to the switch it pointed at (or the page's content).
    const next =
      document.querySelector<HTMLElement>('.language-switch a') ?? document.getElementById('main');
    if (next && !next.matches('a') && !next.hasAttribute('tabindex'))
      next.setAttribute('tabindex', '-1');
    next?.focus();
  };
  return (
    <aside
      className={styles.note}
      lang={language}
      aria-label={t('label')}
      // Following its link is choosing a language, as with the switch (answers go along).
      {...{ [languageSwitchAttribute]: '' }}
    >
      <p className={styles.text}>{t('available')}</p>
      <div className={styles.actions}>
        <Link {...link} hrefLang={language} className={styles.open}>
          {t('open')}
        </Link>
        <button type="button" className={styles.dismiss} onClick={dismiss}>
          {t('dismiss')}
        </button>
      </div>
    </aside>
  );
}
