import type { SiteConfig } from '../../config/generated/site.ts';
import { hasAnyTag, partnerTags, siteWideTags } from '../../config/tagRules.ts';
import { CONSENT_OPEN_ATTRIBUTE } from '../../services/consent/ids.ts';
import { pictureSrcSet } from '../../config/pictureRule.ts';
import { Container } from '../../ui/Container.tsx';
import type { BlockProps } from '../types.ts';
import styles from './Footer.module.css';
import { SocialIcon } from './SocialIcon.tsx';
import { blocksWords } from '../../i18n/areas/blocks.ts';
import { useText, type Text } from '../../i18n/words.ts';

type Network = SiteConfig['footer']['social'][number]['network'];

const networkNames: Record<Network, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  x: 'X',
};

/**
 * The site's footer links (config/site.json) whose label is the English catalogue's are said in
 * the page's language; any other label stays as the site file writes it.
 */
const linkKeys = ['footerPrivacy', 'footerTerms', 'footerContact'] as const;
function linkLabel(label: string, t: Text<typeof blocksWords.en>): string {
  const key = linkKeys.find((candidate) => blocksWords.en[candidate] === label);
  return key ? t(key) : label;
}

export function Footer({ partner, site }: BlockProps<'footer'>) {
  // A partner with tags offers its cookie choices here, whether it asks on arrival or not (the
  // notice's code answers the button: src/services/measurement/notice.ts).
  const t = useText(blocksWords);
  const cookieChoices = hasAnyTag(partnerTags(partner.measurement, siteWideTags(import.meta.env)));
  return (
    <footer className={styles.footer}>
      <Container className={styles.layout}>
        <img
          className={styles.logo}
          src={partner.branding.logoSrc}
          srcSet={pictureSrcSet(partner.branding.logoSrc)}
          alt={partner.branding.logoAlt}
          width={240}
          height={60}
          loading="lazy"
        />
        <nav aria-label={t('footerNav')}>
          <ul className={styles.links}>
            {site.footer.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{linkLabel(link.label, t)}</a>
              </li>
            ))}
            {cookieChoices && (
              <li>
                <button type="button" {...{ [CONSENT_OPEN_ATTRIBUTE]: '' }}>
                  {t('cookieChoices')}
                </button>
              </li>
            )}
          </ul>
        </nav>
        <ul className={styles.social} aria-label={t('follow', { product: site.product })}>
          {site.footer.social.map((item) => (
            <li key={item.href}>
              <a
                className={styles.socialLink}
                href={item.href}
                aria-label={t('onNetwork', {
                  product: site.product,
                  network: networkNames[item.network],
                })}
              >
                <SocialIcon network={item.network} />
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>
          {t('copyright', { year: site.copyrightYear, holder: site.copyrightHolder })}
        </p>
      </Container>
    </footer>
  );
}
