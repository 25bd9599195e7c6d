import type { Block } from './generated/partner.ts';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml, withSanitizedHtml } from './sanitizeHtml.ts';
import { loadConfig } from './node/loadConfig.ts';

describe('sanitizeHtml', () => {
  it('keeps simple formatting and safe links', () => {
    expect(
      sanitizeHtml(
        'Save <strong>50%</strong><br>today, <em>only</em> <a href="https://x.example/a?b=1">here</a>',
      ),
    ).toBe(
      'Save <strong>50%</strong><br>today, <em>only</em> <a href="https://x.example/a?b=1">here</a>',
    );
    expect(sanitizeHtml('<a href="mailto:help@x.example">Email us</a>')).toBe(
      '<a href="mailto:help@x.example">Email us</a>',
    );
  });

  it('removes script tags with their content', () => {
    expect(sanitizeHtml('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(sanitizeHtml('<SCRIPT src="https://evil.example/x.js"></SCRIPT>ok')).toBe('ok');
  });

  it('removes event handler attributes', () => {
    const out = sanitizeHtml(
      '<strong onclick="alert(1)" onmouseover=alert(2)>bold</strong><img src=x onerror="alert(3)">',
    );
    expect(out).toBe('<strong>bold</strong>');
    expect(out).not.toMatch(/on\w+=/i);
  });

  it('removes javascript: and other unsafe link targets, however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
    ]) {
      const out = sanitizeHtml(`<a href="${href}">click</a>`);
      expect(out, href).toBe('<a>click</a>');
    }
  });

  it('keeps paragraphs and lists, for rich text and FAQ answers', () => {
    const html =
      '<p>Steps:</p><ol><li>Scan</li><li><a href="https://x.example">Read</a></li></ol><ul><li>One</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
    expect(
      sanitizeHtml('<ul class="x" style="color:red"><li onclick="alert(1)">One</li></ul>'),
    ).toBe('<ul><li>One</li></ul>');
  });

  it('drops tags outside the allow-list but keeps their text', () => {
    expect(
      sanitizeHtml('<div class="x"><h1>Title</h1><iframe src="https://x.example"></iframe></div>'),
    ).toBe('Title');
    expect(sanitizeHtml('<style>body{display:none}</style>text')).toBe('text');
  });
});

describe('partner HTML is cleaned when the files are loaded', () => {
  it('cleans every setting named *Html, wherever a block keeps it', () => {
    const root = new URL('../..', import.meta.url).pathname;
    const demo = loadConfig({ root }).partners.find((p) => p.id === 'demo')!;
    const offer: Block = {
      id: 'offer',
      type: 'offer',
      props: {
        disclaimerHtml: '<a href="javascript:alert(1)">terms</a>',
        productTitleHtml: '<b onmouseover="alert(1)">Scan</b>',
        headerText: '<b>plain text stays as written</b>',
      },
    };
    const dirty = withSanitizedHtml({
      ...demo,
      form: { ...demo.form, subtitleHtml: 'Hello<script>alert(1)</script>' },
      pages: { ...demo.pages, claimOffer: { sections: [offer] } },
    });
    expect(dirty.form.subtitleHtml).toBe('Hello');
    expect(dirty.pages.claimOffer.sections[0]).toEqual({
      ...offer,
      props: {
        disclaimerHtml: '<a>terms</a>',
        productTitleHtml: '<b>Scan</b>',
        headerText: '<b>plain text stays as written</b>',
      },
    });
  });

  it("cleans a rich text's bodyHtml and an FAQ's answerHtml", () => {
    const root = new URL('../..', import.meta.url).pathname;
    const showcase = loadConfig({ root }).partners.find((p) => p.id === 'showcase')!;
    const richText: Block = {
      id: 'about',
      type: 'richText',
      props: {
        title: '<em>titles are plain text</em>',
        bodyHtml:
          '<p>Hi<script>alert(1)</script></p><ul><li><a href="javascript:alert(1)">x</a></li></ul><img src=x onerror=alert(1)>',
      },
    };
    const faq: Block = {
      id: 'faq',
      type: 'faq',
      props: {
        title: 'Questions',
        items: [
          {
            question: 'Safe?',
            answerHtml: '<p onclick="alert(1)">Yes</p><iframe src="https://x.example"></iframe>',
          },
        ],
      },
    };
    const cleaned = withSanitizedHtml({
      ...showcase,
      pages: { ...showcase.pages, landing: { sections: [richText, faq] } },
    });
    expect(cleaned.pages.landing.sections).toEqual([
      {
        ...richText,
        props: {
          title: '<em>titles are plain text</em>',
          bodyHtml: '<p>Hi</p><ul><li><a>x</a></li></ul>',
        },
      },
      {
        ...faq,
        props: { title: 'Questions', items: [{ question: 'Safe?', answerHtml: '<p>Yes</p>' }] },
      },
    ]);
    // And the shipped file's HTML is already what the allow-list keeps.
    const about = showcase.pages.landing.sections.find((section) => section.id === 'about');
    expect(about?.type === 'richText' && about.props.bodyHtml).toContain(
      '<a href="mailto:help@showcase.example">',
    );
  });
});
