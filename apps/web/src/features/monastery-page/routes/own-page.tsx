import '../../../lib/staff-strings.ts';
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  FileInput,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MONASTERY_GALLERY_MAX,
  type MonasteryPage,
  monasteryPageRequestSchema,
  type OwnMonasteryPageResponse,
  PICTURE_ACCEPT,
} from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CatalogueTranslationFields } from '../../../components/catalogue-translation-fields.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { StaleVersionAlert } from '../../../components/stale-version-alert.tsx';
import { showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { formatBusinessTime } from '../../../lib/formatting.ts';
import { MAX_PHOTO_MEGABYTES } from '../../../lib/photo-rules.ts';
import { thumbnailSrc } from '../../../lib/picture-sources.ts';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useStaleVersion } from '../../../lib/use-stale-version.ts';
import { useOwnMonasteryPage, useSaveOwnMonasteryPage } from '../api/monastery-page.ts';

// The light alerts' tinted titles are below AA on their tint: the page's own text colour instead.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface PageValues extends Record<string, unknown> {
  description: string;
  /** In Nepali and Chinese, empty for none (docs/decisions/049). */
  description_ne: string;
  description_zh_hant: string;
  address: string;
  phone: string;
  email: string;
  image: File | null;
  /** The gallery's pictures kept, in order. */
  keep: string[];
  /** New gallery pictures. */
  added: File[];
}

/** The form starts from the change waiting for review when there is one: the staff amend it. */
function valuesOf(answer: OwnMonasteryPageResponse): PageValues {
  const page: MonasteryPage = answer.pending?.page ?? answer.page;
  return {
    description: page.description,
    description_ne: page.description_ne ?? '',
    description_zh_hant: page.description_zh_hant ?? '',
    address: page.address ?? '',
    phone: page.phone ?? '',
    email: page.email ?? '',
    image: null,
    keep: page.gallery,
    added: [],
  };
}

/**
 * `/monastery/page` (docs/decisions/046): the monastery's own page as its staff edit it: the description,
 * the cover picture, the gallery, the address and the office's contacts. When the administrators review
 * changes (the server says so), a save waits as a proposal, shown here with its outcome; otherwise it is
 * live at once. Visitors only ever see what is live.
 */
export function OwnPagePage() {
  const { t } = useTranslation('staff');
  usePageTitle(t('ownPage.title'));
  const page = useOwnMonasteryPage();
  if (page.isPending) return <Skeleton height={320} />;
  if (page.isError) return <QueryErrorAlert error={page.error} onRetry={() => void page.refetch()} />;
  return <OwnPageForm answer={page.data} reload={async () => (await page.refetch()).data} />;
}

function OwnPageForm({
  answer,
  reload,
}: {
  answer: OwnMonasteryPageResponse;
  reload: () => Promise<OwnMonasteryPageResponse | undefined>;
}) {
  const { t } = useTranslation('staff');
  const versions = useStaleVersion(answer.monastery.version);
  const form = useContractForm<PageValues>(monasteryPageRequestSchema, valuesOf(answer), {
    request: (values) => requestOf(values, versions.version),
    refine: (values, errors) =>
      values.keep.length + values.added.length > MONASTERY_GALLERY_MAX
        ? { ...errors, added: t('ownPage.galleryFull', { count: MONASTERY_GALLERY_MAX }) }
        : errors,
  });
  const save = useSaveOwnMonasteryPage();
  const attempt = useAttempt();

  const submit = form.onSubmit(async (values) => {
    const outcome = await attempt(
      async () => {
        const saved = await save.mutateAsync({ body: requestOf(values, versions.version) });
        versions.reloaded(saved.monastery.version);
        form.setValues(valuesOf(saved));
      },
      {
        success: answer.review ? t('ownPage.proposed') : t('ownPage.published'),
        failure: t('ownPage.saveFailed'),
      },
    );
    if (!outcome.ok && !versions.noticeFrom(outcome.error)) {
      showServerErrors(form, outcome.error, ['gallery[]', 'keep_gallery']);
    }
  });

  async function reloadForm() {
    const fresh = await reload();
    if (!fresh) return;
    form.setValues(valuesOf(fresh));
    versions.reloaded(fresh.monastery.version);
  }

  const { pending, last_decided: decided } = answer;
  const galleryError = form.errors.added ?? form.errors['gallery[]'] ?? form.errors.keep_gallery;
  // One note on the page's review: the change waiting for an administrator, else the last decision on one.
  const reviewNote = pending
    ? {
        color: 'blue',
        title: t('ownPage.pendingTitle'),
        text: t('ownPage.pending', {
          who: pending.proposed_by,
          time: formatBusinessTime(pending.created_at),
        }),
        testId: 'page-pending',
      }
    : decided?.status === 'approved' && decided.decided_at
      ? {
          color: 'green',
          title: t('ownPage.approvedTitle'),
          text: t('ownPage.approved', { time: formatBusinessTime(decided.decided_at) }),
          testId: 'page-decided',
        }
      : decided?.status === 'rejected' && decided.decided_at
        ? {
            color: 'orange',
            title: t('ownPage.rejectedTitle'),
            text: t('ownPage.rejected', {
              time: formatBusinessTime(decided.decided_at),
              reason: decided.reason ?? '',
            }),
            testId: 'page-decided',
          }
        : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('ownPage.title')}
        </Title>
        <Text c="dimmed">{answer.review ? t('ownPage.introReview') : t('ownPage.introLive')}</Text>
        {answer.monastery.slug && (
          <Anchor component={Link} to={`/monastery/${answer.monastery.slug}`} size="sm">
            {t('ownPage.seePublic', { name: answer.monastery.name })}
          </Anchor>
        )}
      </Stack>
      {reviewNote && (
        <Alert
          color={reviewNote.color}
          variant="light"
          styles={READABLE_TITLE}
          title={reviewNote.title}
          data-testid={reviewNote.testId}
        >
          {reviewNote.text}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <form onSubmit={(event) => (save.isPending ? event.preventDefault() : submit(event))} noValidate>
          <Stack gap="md">
            <StaleVersionAlert stale={versions.stale} onReload={reloadForm} />
            <Textarea
              label={t('ownPage.description')}
              required
              autosize
              minRows={4}
              maxRows={14}
              maxLength={5000}
              {...form.getInputProps('description')}
            />
            <CatalogueTranslationFields form={form} fields={['description']} />
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('ownPage.cover')}
              </Text>
              {(pending?.page.image_path ?? answer.page.image_path) && (
                <Image
                  src={thumbnailSrc(pending?.page.image_path ?? answer.page.image_path)}
                  alt={t('ownPage.currentCover')}
                  w={180}
                  h={120}
                  radius="sm"
                  fit="cover"
                />
              )}
              <FileInput
                label={t('ownPage.newCover')}
                description={t('ownPage.pictureHint', { size: MAX_PHOTO_MEGABYTES })}
                placeholder={t('ownPage.choosePicture')}
                accept={PICTURE_ACCEPT}
                clearable
                {...form.getInputProps('image')}
              />
            </Stack>
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('ownPage.gallery', { count: MONASTERY_GALLERY_MAX })}
              </Text>
              {form.values.keep.length > 0 && (
                <SimpleGrid
                  cols={{ base: 2, sm: 3 }}
                  spacing="xs"
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  aria-label={t('ownPage.galleryLabel')}
                >
                  {form.values.keep.map((path, index) => (
                    <Group component="li" key={path} gap={4} wrap="nowrap" align="flex-start">
                      <Image
                        src={thumbnailSrc(path)}
                        alt={t('ownPage.galleryPicture', { number: index + 1 })}
                        h={80}
                        w="100%"
                        radius="sm"
                        fit="cover"
                      />
                      <CloseButton
                        size="sm"
                        aria-label={t('ownPage.removePicture', { number: index + 1 })}
                        onClick={() =>
                          form.setFieldValue(
                            'keep',
                            form.values.keep.filter((each) => each !== path),
                          )
                        }
                      />
                    </Group>
                  ))}
                </SimpleGrid>
              )}
              <FileInput
                label={t('ownPage.addPictures')}
                description={t('ownPage.pictureHint', { size: MAX_PHOTO_MEGABYTES })}
                placeholder={t('ownPage.choosePictures')}
                accept={PICTURE_ACCEPT}
                multiple
                clearable
                value={form.values.added}
                onChange={(files) => {
                  form.setFieldValue('added', files);
                  form.clearFieldError('added');
                }}
                error={galleryError}
              />
            </Stack>
            <TextInput label={t('ownPage.address')} maxLength={300} {...form.getInputProps('address')} />
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('ownPage.phone')}
                type="tel"
                inputMode="tel"
                miw={200}
                {...form.getInputProps('phone')}
              />
              <TextInput label={t('ownPage.email')} type="email" miw={200} {...form.getInputProps('email')} />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {answer.review ? t('ownPage.submitReview') : t('ownPage.submitLive')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/** The request the form sends (and the contract's schema checks before sending). */
function requestOf(values: PageValues, version: number | undefined) {
  return {
    description: values.description,
    description_ne: values.description_ne,
    description_zh_hant: values.description_zh_hant,
    address: values.address,
    phone: values.phone,
    email: values.email,
    ...(values.image ? { image: values.image } : {}),
    keep_gallery: values.keep,
    'gallery[]': values.added,
    version: version ?? 0,
  };
}
