import type { UseFormReturnType } from '@mantine/form';
import { type UpdateUserDetailsRequest, updateUserDetailsRequestSchema } from '@puja/contract';
import { useContractForm } from '../../../lib/contract-form.ts';
import type { SessionState } from '../../../lib/session.ts';

export type UserDetailsForm = UseFormReturnType<UpdateUserDetailsRequest>;

/**
 * One's own full name and e-mail (`PUT /api/user-details`), starting from the session's, checked by the
 * contract's request schema: the patron's account settings, the staff's own account and the onboarding.
 */
export function useUserDetailsForm(session: SessionState): UserDetailsForm {
  return useContractForm<UpdateUserDetailsRequest>(updateUserDetailsRequestSchema, {
    name: session.name ?? '',
    email: session.email ?? '',
  });
}
