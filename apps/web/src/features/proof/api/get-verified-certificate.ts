import { queryOptions, useQuery } from '@tanstack/react-query';

/** What a certificate confirms (docs/decisions/037), by its code as stored (`normalizeCertificateCode`). */
export function verifiedCertificateQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['verify', code] as const,
    queryFn: async ({ signal }) =>
      (await import('./proof-requests.ts')).fetchVerifiedCertificate(code, signal),
    // A 404 stays one when the page mounts (a server-rendered "not found" hydrates as itself).
    retryOnMount: false,
    // A certificate does not change; a doubtful reader reloads the page to ask again.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVerifiedCertificate(code: string | undefined) {
  return useQuery({ ...verifiedCertificateQueryOptions(code ?? ''), enabled: code !== undefined });
}
