import { FilterXSS } from 'xss';
import type { PartnerConfig } from './generated/partner.ts';

/**
 * Partner files may carry a little HTML (subtitleHtml, disclaimerHtml, productTitleHtml, a rich
 * text's bodyHtml, an FAQ's answerHtml). It is cleaned once, when the files are loaded at build
 * time, so the browser only ever receives this allow-list: paragraphs, lists, simple inline
 * formatting and links to https, http or mailto addresses.
 */
const allowedTags: Record<string, string[]> = {
  a: ['href', 'title'],
  b: [],
  br: [],
  em: [],
  i: [],
  li: [],
  ol: [],
  p: [],
  span: [],
  strong: [],
  sup: [],
  u: [],
  ul: [],
};

const safeUrl = /^(https?:|mailto:)/i;

const filter = new FilterXSS({
  whiteList: allowedTags,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript'],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    if (tag === 'a' && name === 'href') {
      // Control characters and spaces can hide a scheme ("java\nscript:"); drop them first.
      // eslint-disable-next-line no-control-regex
      const url = value.trim().replace(/[\u0000-\u001f\s]+/g, '');
      return safeUrl.test(url) ? `href="${url.replace(/"/g, '&quot;')}"` : '';
    }
    return undefined;
  },
});

export function sanitizeHtml(html: string): string {
  return filter.process(html).trim();
}

/**
 * The partner file with every HTML setting cleaned to the allow-list. HTML settings are the ones
 * whose name ends in "Html" (form.subtitleHtml, an offer's disclaimerHtml, a rich text's bodyHtml),
 * wherever they sit, so a new block's HTML is cleaned without a change here.
 */
export function withSanitizedHtml(config: PartnerConfig): PartnerConfig {
  const clean = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return key.endsWith('Html') ? sanitizeHtml(value) : value;
    if (Array.isArray(value)) return value.map((item) => clean(item, ''));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, k)]));
    return value;
  };
  return clean(config, '') as PartnerConfig;
}
