import '../../../lib/staff-strings.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type MonasteryPage,
  type MonasteryPageField,
  type PageProposalForReview,
  rejectPageProposalRequestSchema,
} from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { formatBusinessTime } from '../../../lib/formatting.ts';
import { thumbnailSrc } from '../../../lib/picture-sources.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDecidePageProposal, usePageProposals } from '../api/monastery-page.ts';

/**
 * `/admin/monastery-pages` (docs/decisions/046): the changes monasteries' staff made to their own pages,
 * waiting for review. Each shows, field by field, what visitors see now beside what was proposed; the
 * administrator approves it (live at once) or rejects it with a reason the staff read. A change overtaken
 * by another since it was made cannot be approved: it would undo that change.
 */
export function PageReviewsPage() {
  const { t } = useTranslation('staff');
  usePageTitle(t('pageReviews.title'));
  const proposals = usePageProposals();
  const [rejecting, setRejecting] = useState<PageProposalForReview | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pageReviews.title')}</Title>
        <Text c="dimmed">{t('pageReviews.intro')}</Text>
      </Stack>
      {proposals.isPending && <Skeleton height={200} />}
      {proposals.isError && (
        <QueryErrorAlert error={proposals.error} onRetry={() => void proposals.refetch()} />
      )}
      {proposals.data?.proposals.length === 0 && <Text>{t('pageReviews.empty')}</Text>}
      {proposals.data?.proposals.map((proposal) => (
        <ProposalCard key={proposal.id} proposal={proposal} onReject={() => setRejecting(proposal)} />
      ))}
      <RejectModal proposal={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

function ProposalCard({ proposal, onReject }: { proposal: PageProposalForReview; onReject: () => void }) {
  const { t } = useTranslation('staff');
  const { approve } = useDecidePageProposal();
  const attempt = useAttempt();
  const name = proposal.monastery.name;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('pageReviews.changeOf', { name })}
      data-testid="page-proposal"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} fz="h4">
              <Anchor component={Link} to={`/monastery/${proposal.monastery.slug}`}>
                {name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {t('pageReviews.by', {
                who: proposal.proposed_by,
                time: formatBusinessTime(proposal.created_at),
              })}
            </Text>
          </Stack>
          <Badge variant="light" c="dark.7">
            {t('pageReviews.changedCount', { count: proposal.changed.length })}
          </Badge>
        </Group>
        {proposal.stale && (
          <Alert color="orange" variant="light">
            {t('pageReviews.stale')}
          </Alert>
        )}
        <Table verticalSpacing="xs" aria-label={t('pageReviews.diffLabel', { name })} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="22%">{t('pageReviews.field')}</Table.Th>
              <Table.Th>{t('pageReviews.now')}</Table.Th>
              <Table.Th>{t('pageReviews.proposed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {proposal.changed.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>{t('pageReviews.noChange')}</Table.Td>
              </Table.Tr>
            )}
            {proposal.changed.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">{t(`pageReviews.fields.${field}`)}</Table.Th>
                <Table.Td>
                  <FieldValue page={proposal.current} field={field} />
                </Table.Td>
                <Table.Td>
                  <FieldValue page={proposal.proposed} field={field} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" color="red.8" onClick={onReject}>
            {t('pageReviews.reject')}
          </Button>
          <Button
            disabled={proposal.stale}
            loading={approve.isPending && approve.variables?.params.id === proposal.id}
            onClick={() =>
              void attempt(() => approve.mutateAsync({ params: { id: proposal.id } }), {
                success: t('pageReviews.approved', { name }),
                failure: t('pageReviews.approveFailed'),
              })
            }
          >
            {t('pageReviews.approve')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One field of a page as text, or its pictures. */
function FieldValue({ page, field }: { page: MonasteryPage; field: MonasteryPageField }) {
  const { t } = useTranslation('staff');
  if (field === 'image_path')
    return page.image_path ? (
      <Image
        src={thumbnailSrc(page.image_path)}
        alt={t('pageReviews.cover')}
        h={72}
        w={108}
        fit="cover"
        radius="sm"
      />
    ) : (
      <Text c="dimmed">{t('pageReviews.none')}</Text>
    );
  if (field === 'gallery')
    return page.gallery.length === 0 ? (
      <Text c="dimmed">{t('pageReviews.none')}</Text>
    ) : (
      <Group gap={4}>
        {page.gallery.map((path, index) => (
          <Image
            key={path}
            src={thumbnailSrc(path)}
            alt={t('pageReviews.galleryPicture', { number: index + 1 })}
            h={48}
            w={64}
            fit="cover"
            radius="sm"
          />
        ))}
      </Group>
    );
  const value = page[field];
  return value ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  ) : (
    <Text c="dimmed">{t('pageReviews.none')}</Text>
  );
}

function RejectModal({ proposal, onClose }: { proposal: PageProposalForReview | null; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const { reject } = useDecidePageProposal();
  const attempt = useAttempt();
  const form = useContractForm<{ reason: string }>(rejectPageProposalRequestSchema, { reason: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async ({ reason }) => {
    if (!proposal) return;
    const outcome = await attempt(
      () => reject.mutateAsync({ params: { id: proposal.id }, body: { reason } }),
      {
        success: t('pageReviews.rejected', { name: proposal.monastery.name }),
        failure: t('pageReviews.rejectFailed'),
      },
    );
    if (outcome.ok) close();
    else showServerErrors(form, outcome.error);
  });
  return (
    <Modal
      opened={proposal !== null}
      onClose={close}
      title={t('pageReviews.rejectTitle', { name: proposal?.monastery.name ?? '' })}
      centered
    >
      <form onSubmit={(event) => (reject.isPending ? event.preventDefault() : submit(event))} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('pageReviews.reason')}
            description={t('pageReviews.reasonHint')}
            required
            autosize
            minRows={3}
            maxLength={1000}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FormButtons
            cancelLabel={t('pageReviews.cancel')}
            onCancel={close}
            submitLabel={t('pageReviews.reject')}
            submitting={reject.isPending}
            submitColor="red.8"
          />
        </Stack>
      </form>
    </Modal>
  );
}
