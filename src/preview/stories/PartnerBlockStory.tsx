import { partnerInLanguage } from '../../config/translations.ts';
import { LanguageProvider } from '../../i18n/languageContext.tsx';
import type { Language } from '../../i18n/languages.ts';
import { fillBlockText, withDefaults } from '../../config/dynamicText.ts';
import { partnerAsShown } from '../../config/partnerAsShown.ts';
import { partnerDirectory, site } from '../../config/partners.ts';
import { PageBlocks, BlockRenderer } from '../../blocks/BlockRenderer.tsx';
import { propOverrides } from './schemaArgTypes.ts';
import { PreviewProviders } from '../PreviewProviders.tsx';

export interface PartnerBlockStoryProps {
  /** The partner file's id. */
  partnerId: string;
  /** The page's key in the partner file: "landing" or an extra page's key. */
  page: string;
  /** One section of that page, by its id, or "page" for the whole page. */
  blockId?: string;
  /** Or: the page's first section of this type (the cross-partner "Blocks" stories). */
  type?: string;
  /** A variant of the page (src/config/experiments.ts): the page as that variant shows it. */
  variant?: string;
  /** The language the page is shown in (issue 37); English when left out. */
  language?: Language;
  /** Controls generated from the block's props schema ("prop:title"...) override its props. */
  [propArg: `prop:${string}`]: unknown;
}

/** One section of one partner's page (or the whole page), exactly as the site renders it. */
export function PartnerBlockStory({
  partnerId,
  page: pageKey,
  blockId,
  type,
  variant,
  language = 'en',
  ...args
}: PartnerBlockStoryProps) {
  const written = partnerDirectory.byId.get(partnerId);
  if (!written) return <p>No partner file with the id “{partnerId}”.</p>;
  const file = partnerInLanguage(written, language);
  const known =
    !variant || file.pages[pageKey]?.experiment?.variants.some((entry) => entry.id === variant);
  if (!known)
    return (
      <p>
        {file.name}’s “{pageKey}” page has no variant “{variant}”.
      </p>
    );
  // URL-driven copy shows its defaults, as for a visitor whose address has no parameter.
  const partner = partnerAsShown(file, { page: pageKey, version: variant });
  const page = partner.pages[pageKey];
  if (!page)
    return (
      <p>
        {partner.name} has no page “{pageKey}”.
      </p>
    );
  const found = page.sections.find((candidate) =>
    type ? candidate.type === type : candidate.id === blockId,
  );
  const overrides = propOverrides(args);
  // The props schema describes the section's props, so an override keeps the entry's shape.
  const entry = (
    found && Object.keys(overrides).length > 0
      ? fillBlockText(
          { ...found, props: { ...found.props, ...overrides } } as typeof found,
          withDefaults,
        )
      : found
  ) as typeof found;
  return (
    <LanguageProvider value={language}>
      <PreviewProviders partner={partner}>
        {blockId === 'page' ? (
          <PageBlocks page={page} partner={partner} site={site} />
        ) : entry ? (
          <BlockRenderer section={entry} page={page} partner={partner} site={site} />
        ) : (
          <p style={{ padding: '2rem' }}>
            {partner.name}’s “{pageKey}” page has no section “{type ?? blockId}”.
          </p>
        )}
      </PreviewProviders>
    </LanguageProvider>
  );
}
