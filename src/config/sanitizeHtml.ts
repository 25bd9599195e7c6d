import { FilterXSS } from 'xss';

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
