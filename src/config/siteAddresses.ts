/**
 * The first parts of addresses the site itself answers (its API, the build's files, the journey's
 * own steps), mapped to what a person would call them. A partner's id is the first part of its
 * page's address (/{id}), so none of these can be a partner id; a campaign page's slug is the part
 * after it, and the same words are kept free there too. A test compares this list with what the
 * build and the server actually serve (src/config/node/validation/leftoverRules.test.ts).
 */
export const siteAddresses: Readonly<Record<string, string>> = {
  api: "the site's programming interface",
  assets: "the site's script and style files",
  'claim-offer': 'the offer journey',
  favicon: "the site's icon",
  images: "the site's shared pictures",
  metrics: "the server's monitoring page",
  'partner-data': "the partners' published settings",
  partners: "the partners' pictures",
};

/** What the site serves at /{word}, or undefined when the word is free for a partner or a page. */
export function siteAddressUse(word: string): string | undefined {
  return Object.hasOwn(siteAddresses, word) ? siteAddresses[word] : undefined;
}
