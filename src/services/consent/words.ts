/**
 * Every word of the consent notice and the footer's "Cookie choices", in one place so that the
 * languages work (issue 37) can move them to a catalogue. Plain words for the person reading them:
 * what is asked, why, that saying no changes nothing for them, and how to change their mind.
 */
export const consentWords = {
  /** The notice's landmark name, and the footer button that opens it again. */
  region: 'Cookie choices',
  title: 'Your choice about cookies',
  intro: (partner: string, companies: string, advertising: boolean) =>
    `${partner} would like to use cookies from ${companies} to learn which of its ads and links bring people to this page${advertising ? ', and to show its ads to people who may want them' : ''}. Everything here works the same whether you accept or reject.`,
  companies: { google: 'Google', meta: 'Meta (Facebook)', and: ' and ' },
  accept: 'Accept',
  reject: 'Reject',
  details: 'What is collected, and why',
  tags: {
    googleTagId:
      'Google Analytics: the pages you visit here, how you found us and the device you use, counted without your name or email address.',
    tagManagerId:
      "Google Tag Manager: loads Google's measuring tools for us, and can tell Google Ads that someone who saw an ad bought the scan.",
    metaPixelId:
      'Meta pixel (Facebook, Instagram): whether you came from an ad there and whether you bought the scan, so that money goes to the ads that help people.',
  },
  always:
    'Whatever you choose, we keep our own count of which campaign brought each visit. It stays with us and holds no name or email address.',
  privacySignal:
    'If your browser sends a "Global Privacy Control" signal, we never use advertising cookies, even if you accept.',
  remembered:
    'We remember your answer for 6 months. You can change it at any time with "Cookie choices" at the bottom of the page.',
  privacyLink: 'Read our privacy policy',
  saved: {
    accepted: 'Thank you. Your answer is saved: cookies are on.',
    rejected: 'Thank you. Your answer is saved: no cookies for analytics or ads.',
  },
} as const;
