import type { InfoPageName, PageHandle } from '../../../app/page-handle.ts';
import { i18n } from '../../../lib/i18n.ts';

/**
 * The information pages rendered on the server (docs/decisions/047): their own title and description (the
 * page's introduction) in the page's language, so a crawler or a link preview sees what the page says.
 */
function infoPageHandle(page: InfoPageName): PageHandle {
  return {
    // Their strings travel with the pages (info-pages-strings.ts); loading them adds them for the
    // language being rendered.
    prefetch: () => import('../info-pages-strings.ts'),
    head(_queryClient, _params, { absoluteUrl, language }) {
      const t = i18n.getFixedT(language, 'info-pages');
      const title = t(`${page}.title`);
      const description = t(`${page}.intro`);
      const path = `/${page}`;
      return {
        title,
        description,
        path,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': page === 'about' ? 'AboutPage' : page === 'contact' ? 'ContactPage' : 'WebPage',
          name: title,
          description,
          url: absoluteUrl(path),
          inLanguage: language,
        },
      };
    },
  };
}

export const infoPageHandles: Record<InfoPageName, PageHandle> = {
  about: infoPageHandle('about'),
  contact: infoPageHandle('contact'),
  faq: infoPageHandle('faq'),
  terms: infoPageHandle('terms'),
  privacy: infoPageHandle('privacy'),
  refunds: infoPageHandle('refunds'),
};
