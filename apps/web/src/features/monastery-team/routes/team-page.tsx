import '../../../lib/staff-strings.ts';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type InviteStaffRequest, inviteStaffRequestSchema, type TeamMember } from '@puja/contract';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PhoneNumberFields } from '../../../components/phone-fields.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { formatBusinessTime } from '../../../lib/formatting.ts';
import { useSession } from '../../../lib/session.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePhoneCountry } from '../../../lib/use-phone-country.ts';
import { useInviteStaff, useRemoveStaff, useTeam } from '../api/team.ts';

type InviteValues = Required<InviteStaffRequest>;

/**
 * `/monastery/team` (docs/decisions/041): the monastery's staff, seen by each of them. Its lead invites a
 * staff member by name and phone (texted a link; they sign in with a code as everyone does) and removes
 * one (archived and signed out). Who may do so is the server's answer (`can_manage`), never the browser's.
 */
export function TeamPage() {
  const { t } = useTranslation('staff');
  usePageTitle(t('team.title'));
  const team = useTeam();
  const viewerId = useSession().user_id;
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveStaff();
  const attempt = useAttempt();

  async function confirmRemove() {
    if (!removing) return;
    const outcome = await attempt(() => remove.mutateAsync({ params: { id: removing.id } }), {
      success: t('team.removed', { name: removing.name }),
      failure: t('team.removeFailed'),
    });
    if (outcome.ok) setRemoving(null);
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('team.title')}
        </Title>
        <Text c="dimmed">{team.data?.can_manage ? t('team.introLead') : t('team.intro')}</Text>
      </Stack>
      {team.data?.can_manage && <InviteForm />}
      {team.isPending && <Skeleton height={120} />}
      {team.isError && <QueryErrorAlert error={team.error} onRetry={() => void team.refetch()} />}
      {team.data && (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('team.listLabel')}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {team.data.members.map((member) => (
            <Paper key={member.id} component="li" withBorder p="sm" radius="md" data-testid="team-member">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{member.name}</Text>
                    {member.is_lead && (
                      <Badge variant="light" c="dark.7">
                        {t('team.lead')}
                      </Badge>
                    )}
                    {member.id === viewerId && (
                      <Text span c="dimmed" size="sm">
                        ({t('team.you')})
                      </Text>
                    )}
                  </Group>
                  <Text size="sm">{member.phone ?? t('team.noPhone')}</Text>
                  {member.email && <Text size="sm">{member.email}</Text>}
                  <Text size="xs" c="dimmed">
                    {t('team.since', { time: formatBusinessTime(member.created_at) })}
                  </Text>
                </Stack>
                {team.data.can_manage && member.id !== viewerId && (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.8"
                    leftSection={<IconUserMinus size={14} aria-hidden />}
                    aria-label={t('team.removeOf', { name: member.name })}
                    onClick={() => setRemoving(member)}
                  >
                    {t('team.remove')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('team.removeTitle', { name: removing?.name ?? '' })}
        message={t('team.removeMessage')}
        confirmLabel={t('team.remove')}
        cancelLabel={t('team.cancel')}
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** The lead's invitation: a name and a phone number (with its country's code). */
function InviteForm() {
  const { t } = useTranslation('staff');
  const phoneCountry = usePhoneCountry();
  const empty = { name: '', code: phoneCountry.dialCode, phone: '' };
  const form = useContractForm<InviteValues>(inviteStaffRequestSchema, empty);
  const invite = useInviteStaff();
  const attempt = useAttempt();

  const submit = form.onSubmit(async (values) => {
    const outcome = await attempt(() => invite.mutateAsync({ body: values }), {
      success: t('team.invited', { name: values.name.trim() }),
      failure: t('team.inviteFailed'),
    });
    if (outcome.ok) form.setValues({ name: '', phone: '' });
    else showServerErrors(form, outcome.error);
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="team-invite-title">
      <form onSubmit={(event) => (invite.isPending ? event.preventDefault() : submit(event))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4" id="team-invite-title">
            {t('team.inviteTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('team.inviteHint')}
          </Text>
          <TextInput label={t('team.name')} required autoComplete="off" {...form.getInputProps('name')} />
          <PhoneNumberFields
            phoneCountry={phoneCountry}
            onDialCodeChange={(dialCode) => form.setFieldValue('code', dialCode)}
            labels={{
              country: t('team.countryCode'),
              countryNotFound: t('team.countryNotFound'),
              phone: t('team.phone'),
            }}
            phoneInputProps={form.getInputProps('phone')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={invite.isPending}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              {t('team.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
