import type { Decorator, Preview } from '@storybook/react-vite';
import { partners } from '../src/config/partners.ts';
import { isLanguage, languageNames, languages } from '../src/i18n/languages.ts';
import '../src/styles/global.css';
import { PartnerColumns } from '../stories/support/PartnerColumns.tsx';

/**
 * The `partner` toolbar global themes the section stories; `all` shows every partner side by side.
 * The `language` global shows them in a language (issue 37): the partner's texts in it when the
 * partner offers it (demo, lowes), the product's own words in it always. Generated per-partner
 * stories (Partners/...) carry their own partner and language and ignore both.
 */
const withPartner: Decorator = (Story, context) => {
  const selected = String(context.globals.partner ?? 'demo');
  if (!context.tags.includes('uses-partner-global')) return <Story />;
  const language = isLanguage(context.globals.language) ? context.globals.language : 'en';
  if (selected === 'all') {
    return (
      <PartnerColumns
        render={(partnerId) => <Story args={{ ...context.args, partnerId, language }} />}
      />
    );
  }
  return <Story args={{ ...context.args, partnerId: selected, language }} />;
};

const preview: Preview = {
  globalTypes: {
    partner: {
      description: 'Partner theme and content',
      toolbar: {
        title: 'Partner',
        icon: 'paintbrush',
        items: [
          ...partners.map((partner) => ({ value: partner.id, title: partner.name })),
          { value: 'all', title: 'All partners side by side' },
        ],
        dynamicTitle: true,
      },
    },
    language: {
      description: 'Language of the blocks (the partner texts where the partner offers it)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: languages.map((language) => ({ value: language, title: languageNames[language] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { partner: 'demo', language: 'en' },
  decorators: [withPartner],
  parameters: {
    layout: 'fullscreen',
    // Every story fails on any axe violation of the WCAG 2.2 A and AA rules (and axe's best
    // practices). The Vitest Storybook project runs this for every story.
    a11y: {
      test: 'error',
      options: {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
        },
      },
    },
    options: { storySort: { order: ['Docs', 'Blocks', 'Partners', 'Studio'] } },
  },
};

export default preview;
