import { CloseButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { isAcceptedPicture, MAX_UPLOAD_BYTES, MAX_UPLOAD_MEGABYTES, PICTURE_TYPES } from '@puja/contract';
import { IconPhoto, IconPhotoUp, IconPhotoX } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbnailSrc } from '../lib/picture-sources.ts';
import { useObjectUrl } from '../lib/use-object-url.ts';

interface ImageDropzoneProps {
  value: File | null;
  /** The picture the item has now (edit), shown until another is chosen. */
  currentImagePath: string | null;
  error?: ReactNode;
  onChange: (file: File | null) => void;
  onReject: (message: string) => void;
}

/** The catalogue picture: drop or click to choose one, with a preview of what will be saved. */
export function ImageDropzone({ value, currentImagePath, error, onChange, onReject }: ImageDropzoneProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const previewUrl = useObjectUrl(value);
  const shownUrl = previewUrl ?? thumbnailSrc(currentImagePath);
  const describedBy = [
    currentImagePath ? `${id}-description` : null,
    `${id}-rules`,
    error ? `${id}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Input.Wrapper
      id={id}
      label={t('catalogue.image')}
      description={currentImagePath ? t('catalogue.keepsCurrentImage') : undefined}
      error={error}
      required={!currentImagePath}
    >
      <Stack gap="xs" mt={4}>
        <Dropzone
          onDrop={(files) => onChange(files[0] ?? null)}
          onReject={() => onReject(t('catalogue.imageRejected', { megabytes: MAX_UPLOAD_MEGABYTES }))}
          // What the server re-encodes (the contract's PICTURE_FORMATS): by type, or by name when a browser
          // declares none (HEIC often arrives so), as the staff's photo checks decide too. While a file is
          // only dragged over, the browser may not tell its name yet.
          accept={PICTURE_TYPES}
          validator={(file) =>
            isAcceptedPicture({ type: file.type ?? '', name: file.name ?? '' })
              ? null
              : {
                  code: 'file-invalid-type',
                  message: t('catalogue.imageRejected', { megabytes: MAX_UPLOAD_MEGABYTES }),
                }
          }
          maxSize={MAX_UPLOAD_BYTES}
          multiple={false}
          // The classic file dialog: the File System Access picker cannot be driven by tests or older browsers.
          useFsAccessApi={false}
          inputProps={{
            id,
            'aria-describedby': describedBy,
            'aria-invalid': error ? true : undefined,
          }}
          p="md"
        >
          <Group justify="center" gap="sm" wrap="nowrap" mih={56} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconPhotoUp size={32} aria-hidden="true" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconPhotoX size={32} aria-hidden="true" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={32} aria-hidden="true" />
            </Dropzone.Idle>
            <div>
              <Text size="sm" fw={500}>
                {t('catalogue.dropHint')}
              </Text>
              <Text size="xs" c="dimmed" id={`${id}-rules`}>
                {t('catalogue.dropRules', { megabytes: MAX_UPLOAD_MEGABYTES })}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {shownUrl && (
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Image
              src={shownUrl}
              alt={previewUrl ? t('catalogue.previewAlt') : t('catalogue.currentImageAlt')}
              h={120}
              w={180}
              fit="cover"
              radius="sm"
            />
            {value && (
              <CloseButton
                aria-label={t('catalogue.removeChosenImage')}
                onClick={() => onChange(null)}
                size="sm"
              />
            )}
          </Group>
        )}
        {value && (
          <Text size="xs" c="dimmed">
            {value.name}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
