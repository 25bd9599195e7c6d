import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { signupFormFor } from '../../../src/flows/signup/signupFormFor.ts';
import { homeProfileFormSchemas } from '../../../src/forms/homeProfile/homeProfileForm.ts';
import { fieldsToSchema } from '../../../src/forms/signup/fieldsToSchema.ts';
import { Markdown } from '../../../src/forms/theme/plainMarkdown.tsx';
import { loadPartners } from '../../support/partners.ts';

/*
 * Issue 22: the browser's build replaces markdown-to-jsx with a stand-in that shows texts as they
 * are (vite.config.ts). That holds only while no form asks rjsf for Markdown.
 */
const markdownOptions = /^(?:ui:)?enableMarkdownIn(?:Description|Help)$/;

/** Every key path of a uiSchema that turns Markdown on. */
function markdownSwitches(node: unknown, path = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => [
    ...(markdownOptions.test(key) && value ? [`${path}/${key}`] : []),
    ...markdownSwitches(value, `${path}/${key}`),
  ]);
}

describe('no Markdown in our forms', () => {
  it.each(loadPartners().map((partner) => [partner.id, partner] as const))(
    "%s's signup form asks rjsf for no Markdown",
    (_id, partner) => {
      expect(markdownSwitches(fieldsToSchema(signupFormFor(partner).fields).uiSchema)).toEqual([]);
    },
  );

  it('the home profile form asks for none either', () => {
    expect(markdownSwitches(homeProfileFormSchemas().uiSchema)).toEqual([]);
  });

  it('finds a switch where there is one (the check can fail)', () => {
    expect(
      markdownSwitches({ email: { 'ui:options': { enableMarkdownInDescription: true } } }),
    ).toEqual(['/email/ui:options/enableMarkdownInDescription']);
  });

  it('the stand-in shows a text as it is, Markdown signs included, and escaped', () => {
    expect(renderToStaticMarkup(<Markdown>{'**Not bold** <b>x</b>'}</Markdown>)).toBe(
      '**Not bold** &lt;b&gt;x&lt;/b&gt;',
    );
  });
});
