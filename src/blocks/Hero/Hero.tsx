import { pictureSrcSet } from '../../config/pictureRule.ts';
import { usePartnerPaths } from '../../partner/usePartnerPaths.ts';
import { signupFormBlockOf } from '../blockAction.ts';
import type { BlockProps } from '../types.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import styles from './Hero.module.css';
import { blocksWords } from '../../i18n/areas/blocks.ts';
import { useText } from '../../i18n/words.ts';

/** Desktop: title over the left of the wide picture. Phones: the portrait picture above the title. */
export function Hero({ partner, section, page }: BlockProps<'hero'>) {
  const { branding } = partner;
  const hero = section.props;
  const titleId = `${section.id}-title`;
  // The button leads to this page's signup form, or to the landing page's when this page has none.
  const form = signupFormBlockOf(page);
  const { signupForm } = usePartnerPaths();
  const t = useText(blocksWords);
  const ctaHref = form ? `#${form.id}` : signupForm;
  // A page has one main heading: a second hero further down the page is titled by an <h2>.
  const Title =
    page.sections.find((entry) => entry.type === 'hero')?.id === section.id ? 'h1' : 'h2';
  return (
    <section className={styles.hero} aria-labelledby={titleId}>
      <div className={styles.brand}>
        <img
          className={styles.logo}
          src={branding.logoSrc}
          srcSet={pictureSrcSet(branding.logoSrc)}
          alt={branding.logoAlt}
          width={240}
          height={60}
        />
        {/* The page's header: the language switch is prerendered HTML here (a static block). */}
        <LanguageSwitch offered={partner.languages} />
      </div>
      <picture className={styles.picture}>
        <source
          media="(min-width: 768px)"
          srcSet={pictureSrcSet(hero.desktopBg) ?? hero.desktopBg}
          width={1440}
          height={720}
        />
        <img
          className={styles.image}
          src={hero.mobileBg}
          srcSet={pictureSrcSet(hero.mobileBg)}
          width={750}
          height={600}
          alt=""
          fetchPriority="high"
        />
      </picture>
      <div className={styles.content}>
        <Title id={titleId} className={styles.title}>
          {hero.title}
        </Title>
        <p className={styles.subtitle}>{hero.subtitle}</p>
        <p className={styles.description}>{hero.description}</p>
        <a className={styles.cta} href={ctaHref}>
          {hero.ctaText ?? t('getStarted')}
        </a>
      </div>
    </section>
  );
}
