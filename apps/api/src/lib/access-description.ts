import type { EndpointAccess } from '@puja/contract';

/**
 * Who may call an endpoint, in its OpenAPI description (endpoint-route.ts): documentation of the API, in
 * English, never an answer.
 */
export function accessDescription(access: EndpointAccess): string {
  if (access === 'public') return 'Anyone, signed in or not.';
  if (access === 'signedIn') return 'Any signed-in user (a bearer session token).';
  return `Signed-in users with the role ${access.roles.join(' or ')} (a bearer session token).`;
}
