/**
 * The pages people look for before they pay, in the order the footer lists them. Their routes are in
 * app/routes.tsx, their text in locales/en/info-pages.json (loaded with the pages), and the links' labels
 * in common.json's footer (shown on every page).
 */
export const INFO_PAGE_LINKS = [
  { path: '/about', labelKey: 'footer.pages.about' },
  { path: '/contact', labelKey: 'footer.pages.contact' },
  { path: '/faq', labelKey: 'footer.pages.faq' },
  { path: '/terms', labelKey: 'footer.pages.terms' },
  { path: '/privacy', labelKey: 'footer.pages.privacy' },
  { path: '/refunds', labelKey: 'footer.pages.refunds' },
] as const;
