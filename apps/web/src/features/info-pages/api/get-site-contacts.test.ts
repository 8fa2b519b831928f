import { getClientConfigEndpoint } from '@puja/contract';
import { describe, expect, it } from 'vitest';
import { endpointQueryKey } from '../../../lib/endpoint-client.ts';
import { siteContactsQueryOptions } from './get-site-contacts.ts';

describe('siteContactsQueryOptions', () => {
  it('shares its cache entry with the sign-in form’s query of the same endpoint', () => {
    expect(siteContactsQueryOptions().queryKey).toEqual(endpointQueryKey(getClientConfigEndpoint, {}));
  });
});
