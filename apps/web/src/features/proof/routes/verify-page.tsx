import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatCertificateCode, normalizeCertificateCode } from '@puja/contract';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailsList } from '../../../components/details-list.tsx';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber, formatPujaDate } from '../../../lib/formatting.ts';
import { useLocalPath } from '../../../lib/use-local-path.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useVerifiedCertificate } from '../api/get-verified-certificate.ts';

/**
 * `/verify/{code}` (docs/decisions/037): anyone with a certificate's code (its QR code opens this page)
 * sees that the puja took place: the monastery, the puja, its day and how many names were read. Nothing
 * that names or reaches the patron: no names, no phone, no intention, no photo.
 */
export function VerifyPage() {
  const { code: typed = '' } = useParams();
  const code = normalizeCertificateCode(typed);
  const query = useVerifiedCertificate(code);
  if (!code || (query.error instanceof ApiError && query.error.status === 404)) return <UnknownCode />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return null;
  return <Confirmed certificate={query.data.certificate} />;
}

function Confirmed({
  certificate,
}: {
  certificate: {
    code: string;
    monastery: { name: string; slug: string };
    puja: string;
    performed_on: string;
    names_read: number;
  };
}) {
  const { t } = useTranslation('catalogue');
  const localPath = useLocalPath();
  usePageTitle(t('verify.title', { code: formatCertificateCode(certificate.code) }));
  return (
    <Stack gap="lg" maw={640} mx="auto" py="md">
      <Group gap="sm" wrap="nowrap">
        <IconRosetteDiscountCheck size={40} color="var(--mantine-color-green-8)" aria-hidden="true" />
        <Title order={1}>{t('verify.heading')}</Title>
      </Group>
      <Badge color="green" variant="light" c="dark.7" size="lg" w="fit-content">
        {t('verify.confirmed')}
      </Badge>
      <Paper withBorder radius="md" p="md">
        <DetailsList
          rows={[
            [
              t('verify.monastery'),
              <Anchor
                key="monastery"
                component={Link}
                to={localPath(`/monastery/${encodeURIComponent(certificate.monastery.slug)}`)}
              >
                {certificate.monastery.name}
              </Anchor>,
            ],
            [t('verify.puja'), certificate.puja],
            [t('verify.performedOn'), formatPujaDate(certificate.performed_on)],
            [t('verify.namesRead'), formatNumber(certificate.names_read)],
            [t('verify.code'), formatCertificateCode(certificate.code)],
          ]}
        />
      </Paper>
      <Text size="sm" c="dimmed">
        {t('verify.privacy')}
      </Text>
    </Stack>
  );
}

function UnknownCode() {
  const { t } = useTranslation('catalogue');
  return <NotFoundContent title={t('verify.unknownTitle')} description={t('verify.unknownDescription')} />;
}
