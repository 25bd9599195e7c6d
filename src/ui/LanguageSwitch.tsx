import { Link, useLocation, useParams } from 'react-router-dom';
import { useLanguage } from '../i18n/languageContext.tsx';
import {
  defaultLanguage,
  languageNames,
  languageSwitchAttribute,
  type Language,
} from '../i18n/languages.ts';

/** What a screen reader calls the switch, in the page's language. */
const switchLabel: Record<Language, string> = { en: 'Language', es: 'Idioma' };

/**
 * The language switch in the header of a partner's pages when it offers more than one language
 * (issue 37), in the hero's brand bar and in the journey's header:
 * a link to the same page in each other language, named in that language ("Español") and marked
 * with it, so a screen reader says it right. On the landing and campaign pages it is a plain link
 * (the other language's prerendered page, working before any script); on a journey step it moves
 * within the app and keeps the step's navigation state and query (the signup's email, the
 * home-profile link's token); the step stays mounted, so its forms keep what was typed (the two
 * languages' route trees are the same components at the same places). A signup form on a page
 * the switch loads hands its answers over (src/i18n/switchAnswers.ts).
 */
export function LanguageSwitch({ offered }: { offered: readonly Language[] | undefined }) {
  const language = useLanguage();
  const linkTo = useLanguageLinks();
  if (!offered?.[1]) return null;
  return (
    <nav
      className="language-switch"
      aria-label={switchLabel[language]}
      {...{ [languageSwitchAttribute]: '' }}
    >
      {offered
        .filter((other) => other !== language)
        .map((other) => (
          <Link key={other} {...linkTo(other)} hrefLang={other} lang={other}>
            {languageNames[other]}
          </Link>
        ))}
    </nav>
  );
}

/** Where a link to this page in another language goes, and how (see LanguageSwitch). */
export interface LanguageLink {
  to: string;
  state: unknown;
  reloadDocument: boolean;
}

/** The links to this page in other languages: the switch's, and the language suggestion's. */
export function useLanguageLinks(): (other: Language) => LanguageLink {
  const language = useLanguage();
  const { pathname, search, state } = useLocation();
  const { clientId } = useParams();
  const base = clientId ? `/${clientId}` : '';
  // The page's own part of the address, after the partner and the language (no trailing slash).
  const own = pathname
    .slice(base.length + (language === defaultLanguage ? 0 : language.length + 1))
    .replace(/\/$/, '');
  const journey = own.startsWith('/claim-offer');
  return (other) => ({
    to:
      `${base}${other === defaultLanguage ? '' : `/${other}`}${own}${journey ? search : ''}` || '/',
    state,
    reloadDocument: !journey,
  });
}
