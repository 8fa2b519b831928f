import { verifyCertificateEndpoint } from '@puja/contract';
import { callEndpoint } from '../../../lib/endpoint-client.ts';

/** The public check of a certificate's code, in a module its query imports when it first fetches (as the catalogue's). */
export function fetchVerifiedCertificate(code: string, signal?: AbortSignal) {
  return callEndpoint(verifyCertificateEndpoint, { params: { code }, signal });
}
