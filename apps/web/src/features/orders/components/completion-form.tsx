import { ActionIcon, Alert, Button, Image, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { MAX_COMPLETION_PHOTOS, type Order, PICTURE_ACCEPT } from '@puja/contract';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTO_MEGABYTES, type PhotoProblem } from '../../../lib/photo-rules.ts';
import { useCompletionForm } from '../hooks/use-completion-form.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import classes from './completion-form.module.css';

interface CompletionFormProps {
  order: Order;
  actions: OrderActions;
  onCompleted: () => void;
}

/** The side panel's photos of the finished puja and its Puja Completed button (docs/product.md#staff-calendar). */
export function CompletionForm({ order, actions, onCompleted }: CompletionFormProps) {
  const { t } = useTranslation('staff');
  const form = useCompletionForm(order, actions, onCompleted);
  const headingId = useId();
  const hintId = useId();

  return (
    <form onSubmit={form.submit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} fz="h5" id={headingId}>
          {t('panel.photosHeading')}
        </Title>
        {/*
         * The file dialog is filtered by `accept`; a dropped file is not, so every file is checked by
         * photo-rules.ts (type, size, how many) before it is kept. react-dropzone itself is given no rules,
         * so there is one place that says what is refused and why.
         */}
        <Dropzone
          onDrop={form.add}
          multiple
          inputProps={{ accept: PICTURE_ACCEPT, 'aria-labelledby': headingId, 'aria-describedby': hintId }}
          loading={form.isSending}
          aria-describedby={hintId}
          className={classes.dropzone}
        >
          <Stack align="center" gap={4} py="md">
            <IconPhotoUp size={36} stroke={1.5} aria-hidden="true" />
            <Text fw={600}>{t('panel.dropzone')}</Text>
            <Text size="sm" c="dimmed" ta="center" id={hintId}>
              {t('panel.dropzoneHint', { max: MAX_COMPLETION_PHOTOS, size: MAX_PHOTO_MEGABYTES })}
            </Text>
          </Stack>
        </Dropzone>
        <PhotoProblems problems={form.problems} missing={form.missing} />
        {form.photos.length > 0 && (
          <SimpleGrid
            cols={3}
            spacing="xs"
            component="ul"
            aria-label={t('panel.selectedPhotos')}
            className={classes.previews}
          >
            {form.photos.map((photo) => (
              <li key={photo.previewUrl} className={classes.preview}>
                <Image
                  src={photo.previewUrl}
                  alt={t('panel.photoAlt', { name: photo.file.name })}
                  radius="sm"
                  h={88}
                  fit="cover"
                />
                <ActionIcon
                  className={classes.remove}
                  variant="filled"
                  color="dark"
                  size="sm"
                  radius="xl"
                  onClick={() => form.remove(photo)}
                  aria-label={t('panel.removePhoto', { name: photo.file.name })}
                >
                  <IconX size={14} aria-hidden="true" />
                </ActionIcon>
              </li>
            ))}
          </SimpleGrid>
        )}
        <Button type="submit" loading={form.isSending} fullWidth>
          {t('panel.complete')}
        </Button>
      </Stack>
    </form>
  );
}

function PhotoProblems({
  problems,
  missing,
}: {
  problems: readonly PhotoProblem[];
  /** The form's message when no photo was chosen. */
  missing: string | undefined;
}) {
  const { t } = useTranslation('staff');
  if (!missing && problems.length === 0) return null;
  const messages = problems.map((problem) =>
    t(`photos.${problem.reason}`, {
      name: problem.fileName,
      size: MAX_PHOTO_MEGABYTES,
      max: MAX_COMPLETION_PHOTOS,
    }),
  );
  if (missing) messages.unshift(missing);
  // The same file dropped twice is one message.
  const distinct = [...new Set(messages)];
  return (
    <Alert color="red" variant="light" role="alert" p="sm">
      {distinct.length === 1 ? (
        <Text size="sm">{distinct[0]}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {distinct.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
