import type { Decorator, Preview } from '@storybook/react-vite';
import { partners } from '../src/config/partners.ts';
import '../src/styles/global.css';
import { PartnerColumns } from '../stories/support/PartnerColumns.tsx';

/**
 * The `partner` toolbar global themes the section stories; `all` shows every partner side by side.
 * Generated per-partner stories (Partners/...) carry their own partner and ignore the global.
 */
const withPartner: Decorator = (Story, context) => {
  const selected = String(context.globals.partner ?? 'demo');
  if (!context.tags.includes('uses-partner-global')) return <Story />;
  if (selected === 'all') {
    return (
      <PartnerColumns render={(partnerId) => <Story args={{ ...context.args, partnerId }} />} />
    );
  }
  return <Story args={{ ...context.args, partnerId: selected }} />;
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
  },
  initialGlobals: { partner: 'demo' },
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
