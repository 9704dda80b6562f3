// The footer's pages (web/src/features/info-pages/content.ts): each address with its heading.
export const footerPages: [path: string, heading: string][] = [
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/faq', 'FAQ'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
];
