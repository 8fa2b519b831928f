import { Switch } from '@mantine/core';
import type { SessionUser } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useSetUserLead } from '../api/set-user-lead.ts';

/**
 * A monastery staff member's lead flag (docs/decisions/041): the lead invites and removes the monastery's
 * own staff on its Team page. Saved at once; the switch shows what the server holds.
 */
export function LeadSwitch({ user }: { user: SessionUser }) {
  const { t } = useTranslation('admin');
  const setLead = useSetUserLead();
  const attempt = useAttempt();
  const name = user.name || user.phone || user.email || `#${user.id}`;
  const lead = setLead.isPending ? setLead.variables?.body.is_lead === true : (user.is_lead ?? false);

  return (
    <Switch
      size="xs"
      label={t('users.lead')}
      aria-label={t('users.leadOf', { name })}
      checked={lead}
      disabled={setLead.isPending}
      onChange={(event) => {
        const isLead = event.currentTarget.checked;
        void attempt(() => setLead.mutateAsync({ params: { id: user.id }, body: { is_lead: isLead } }), {
          success: isLead ? t('users.leadOn', { name }) : t('users.leadOff', { name }),
          failure: t('users.leadFailed'),
        });
      }}
    />
  );
}
