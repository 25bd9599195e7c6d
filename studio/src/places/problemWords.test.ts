import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemSentence } from './problemWords.ts';
import type { PartnerDraft, BlockDraft } from '../schema/partnerTypes.ts';
import { repoRoot } from '../../../tests/support/projectCopy.ts';

/** The demo partner with an FAQ on its home page and an A/B test whose variant has its own blocks. */
function partner(): PartnerDraft {
  const demo = JSON.parse(
    readFileSync(join(repoRoot, 'partners/demo.json'), 'utf8'),
  ) as PartnerDraft;
  if (!demo.pages.landing) throw new Error('the demo partner has no home page');
  const faq: BlockDraft = { id: 'faq', type: 'faq', props: { title: 'Questions', items: [] } };
  demo.pages.landing.sections.splice(3, 0, faq);
  demo.pages.landing.experiment = {
    variants: [{ id: 'warm', weight: 50, sections: [{ id: 'hero', type: 'hero', props: {} }] }],
  };
  return demo;
}

const at = (pointer: string, message: string, missing?: string) => ({
  file: 'partners/demo.json',
  pointer,
  message,
  ...(missing ? { missing } : {}),
});

describe('a checker problem in words', () => {
  it("leaves out the file's keys the checker names for those who write the JSON", () => {
    const problem = at(
      '/pages/landing/experiment/variants/0',
      'this variant shows nothing new yet: change a setting of one of its blocks ("overrides"), or give it a list of blocks of its own ("sections")',
    );
    const sentence = problemSentence(problem, partner(), 'file');
    expect(sentence).toMatch(
      /: this variant shows nothing new yet: change a setting of one of its blocks, or give it a list of blocks of its own$/,
    );
    expect(sentence).not.toContain('"');
  });

  it('names a missing setting under its field and in the list', () => {
    const problem = at('/', 'the setting "name" is missing', 'name');
    expect(problemSentence(problem, partner(), 'form')).toBe('Name is missing; fill it in');
    expect(problemSentence(problem, partner(), 'file')).toBe('Name is missing; fill it in');
  });

  it('names a list entry by its position and what the list belongs to', () => {
    const problem = at(
      '/pages/landing/sections/3/props/items/1/answerHtml',
      'is too long: keep it to 2000 characters or fewer (it has 2100)',
    );
    expect(problemSentence(problem, partner(), 'form')).toBe(
      'Question 2 of the FAQ: the answer is too long: keep it to 2000 characters or fewer (it has 2100)',
    );
    expect(problemSentence(problem, partner(), 'file')).toBe(
      'Home page, FAQ block (faq), question 2: the answer is too long: keep it to 2000 characters or fewer (it has 2100)',
    );
  });

  it('names entries of the partner-wide lists, and a group by its setting', () => {
    const field = at('/form/fields/1', 'a select field needs at least one option');
    expect(problemSentence(field, partner(), 'form')).toBe(
      'Field 2 of the form: a select field needs at least one option',
    );
    const host = at('/hosts/0', 'should be a host name such as "acme.example"');
    expect(problemSentence(host, partner(), 'form')).toBe(
      'Host name 1: should be a host name such as "acme.example"',
    );
    const colour = at('/theme/brandColor', 'should be a colour');
    expect(problemSentence(colour, partner(), 'form')).toBe(
      'Theme: the brand color should be a colour',
    );
  });

  it('says which list is too short rather than "needs at least"', () => {
    const problem = at('/pages/landing/sections/3/props/items', 'needs at least 1 item (it has 0)');
    expect(problemSentence(problem, partner(), 'form')).toBe(
      'Questions list needs at least 1 item (it has 0)',
    );
  });

  it('names the variant and its own block in the list of every problem', () => {
    const problem = at(
      '/pages/landing/experiment/variants/0/sections/0/props/title',
      'cannot be empty',
    );
    expect(problemSentence(problem, partner(), 'file')).toBe(
      'Home page, variant warm, hero block (hero): the title cannot be empty',
    );
    expect(problemSentence(problem, partner(), 'form')).toBe('Title cannot be empty');
  });

  it('keeps a sentence that names its own subject, after its place', () => {
    const problem = at(
      '/form/consentText',
      'the consent line names "Demo Partner", another partner',
    );
    expect(problemSentence(problem, partner(), 'file')).toBe(
      'Form, consent text: the consent line names "Demo Partner", another partner',
    );
    expect(problemSentence(at('/', 'this file is not valid JSON'), partner(), 'file')).toBe(
      'This file is not valid JSON',
    );
  });

  it('names the language of a missing translation, in words, not its pointer (issue 37)', () => {
    const missing = {
      ...at(
        '/pages/landing/sections/0/props/title',
        'this text has no Spanish translation; the pages in Spanish need it at /translations/es/pages/landing/hero/title',
      ),
      translation: { language: 'es', pointer: '/translations/es/pages/landing/hero/title' },
    };
    expect(problemSentence(missing, partner(), 'file')).toBe(
      'Home page, hero block (hero): the Spanish page has no text for the title',
    );
    expect(problemSentence(missing, partner(), 'form')).toBe(
      'The Spanish page has no text for this yet: write it in the Spanish field below',
    );
    const name = { ...missing, pointer: '/name', translation: { ...missing.translation } };
    expect(problemSentence(name, partner(), 'file')).toMatch(/^The Spanish page has no text for/);
  });
});
