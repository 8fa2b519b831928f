import '../../../lib/orders-strings.ts';
import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { formatCertificateCode, LANGUAGES, type Language, type Order } from '@puja/contract';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { endedTheSession, reasonOf } from '../../../lib/contract-form.ts';
import { formatPatronMoment } from '../../../lib/formatting.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDownloadCertificate, useOrderProof } from '../api/order-proof.ts';

const PROVIDER_NAMES = { youtube: 'YouTube', facebook: 'Facebook', zoom: 'Zoom' } as const;

/**
 * What shows that the puja was performed, beside its photos (docs/decisions/037): the livestream or
 * recording link the monastery announced with its time (Nepal's and the reader's), the video of the puja
 * (played by ranges through a signed link), and once it is completed the certificate to download, with the
 * public page where anyone can check its code.
 */
export function OrderProof({ order }: { order: Pick<Order, 'id' | 'number' | 'status'> }) {
  const { t, i18n } = useTranslation('orders');
  const proof = useOrderProof(order.id);
  const download = useDownloadCertificate();
  if (proof.isError) return <Text c="dimmed">{t('proof.failed')}</Text>;
  if (!proof.data) return <Skeleton height={88} />;
  const { video, livestream, certificate } = proof.data;
  const language: Language = LANGUAGES.includes(i18n.language as Language)
    ? (i18n.language as Language)
    : 'en';

  return (
    <Stack gap="sm" data-testid="order-proof">
      {livestream && (
        <Stack gap={2}>
          <Text fw={600}>{t('proof.livestream', { provider: PROVIDER_NAMES[livestream.provider] })}</Text>
          <Text size="sm">{t('proof.startsAt', { moment: formatPatronMoment(livestream.starts_at) })}</Text>
          <Anchor href={livestream.url} target="_blank" rel="noopener noreferrer" w="fit-content">
            {t('proof.openLivestream')}
          </Anchor>
        </Stack>
      )}
      {video ? (
        // Played from the signed link by ranges; only its size and first frames load until played.
        // biome-ignore lint/a11y/useMediaCaption: a puja's chanting has no words to caption
        <video
          controls
          preload="metadata"
          src={video.url}
          poster={video.poster_url ?? undefined}
          aria-label={t('proof.videoLabel')}
          style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 4 }}
        />
      ) : (
        !livestream && <Text c="dimmed">{t('proof.noVideo')}</Text>
      )}
      {certificate && (
        <Stack gap={4}>
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconCertificate size={16} aria-hidden="true" />}
            loading={download.isPending}
            onClick={() =>
              download.mutate(
                { order, language },
                {
                  onError: (error) => {
                    if (endedTheSession(error)) return;
                    notifyError(reasonOf(error, t('errors.unexpected', { ns: 'common' })), {
                      title: t('proof.downloadFailed'),
                      id: `certificate-${order.id}`,
                    });
                  },
                },
              )
            }
          >
            {t('proof.downloadCertificate')}
          </Button>
          <Text size="sm">
            {t('proof.checkAt', { code: formatCertificateCode(certificate.code) })}{' '}
            <Anchor href={certificate.verify_path} target="_blank" rel="noopener">
              {certificate.verify_path}
            </Anchor>
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
