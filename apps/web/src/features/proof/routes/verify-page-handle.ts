import { formatCertificateCode, normalizeCertificateCode } from '@puja/contract';
import type { PageHandle } from '../../../app/page-handle.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { verifiedCertificateQueryOptions } from '../api/get-verified-certificate.ts';

/**
 * The server's side of `/verify/{code}` (docs/decisions/017, 037): the certificate prefetched through the
 * API's own route, and a head a shared link previews (Open Graph, with the monastery's picture). It is kept
 * out of search engines (`noindex`, and not in the sitemap): a certificate is for whoever was given it.
 */
export const verifyPageHandle: PageHandle = {
  prefetch: (queryClient, { code = '' }) => {
    const stored = normalizeCertificateCode(code);
    return stored ? queryClient.prefetchQuery(verifiedCertificateQueryOptions(stored)) : Promise.resolve();
  },
  head(queryClient, { code = '' }, { t }) {
    const stored = normalizeCertificateCode(code);
    if (!stored) return null;
    const state = queryClient.getQueryState(verifiedCertificateQueryOptions(stored).queryKey);
    if (state?.error instanceof ApiError && state.error.status === 404) return null;
    if (state?.status !== 'success' || !state.data)
      throw state?.error ?? new Error('No certificate prefetched');
    const { certificate } = state.data;
    const description = t('catalogue:verify.description', {
      puja: certificate.puja,
      monastery: certificate.monastery.name,
      date: formatPujaDate(certificate.performed_on),
      count: certificate.names_read,
    });
    return {
      title: t('catalogue:verify.title', { code: formatCertificateCode(certificate.code) }),
      description,
      path: `/verify/${formatCertificateCode(certificate.code)}`,
      image: certificate.monastery.image_path
        ? { path: certificate.monastery.image_path, alt: certificate.monastery.name }
        : undefined,
      noindex: true,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: t('catalogue:verify.heading'),
        description,
      },
    };
  },
};
