import '../../../lib/orders-strings.ts';
import { Blockquote, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Dedication, dedicationEndpoint } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../../components/not-found-content.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/endpoint-client.ts';
import { formatPujaDate } from '../../../lib/formatting.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useUnitLanguage } from '../components/offering-choice-fields.tsx';

/**
 * `/dedication/{token}` (docs/decisions/054): the page a gift's recipient opens from their e-mail or SMS,
 * signed in or not. The puja dedicated to them, the patron's words, and once performed its photos; of the
 * patron only the name, if they chose to show it.
 */
export function DedicationPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('orders');
  const query = useEndpointQuery(dedicationEndpoint, { params: { token } }, { retry: false });
  usePageTitle(t('dedication.title'));
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422))
    return <NotFoundContent title={t('dedication.title')} description={t('dedication.notFound')} />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return null;
  return <DedicationView dedication={query.data.dedication} />;
}

function DedicationView({ dedication }: { dedication: Dedication }) {
  const { t } = useTranslation('orders');
  const language = useUnitLanguage();
  const date = formatPujaDate(dedication.date);
  const puja = dedication.unit
    ? `${dedication.puja} (${dedication.quantity.toLocaleString()} × ${dedication.unit[language]})`
    : dedication.puja;
  return (
    <Stack gap="lg" maw={640} mx="auto" py="md" data-testid="dedication">
      <Title order={1}>{t('dedication.title')}</Title>
      <Text>{t('dedication.greeting', { name: dedication.recipient_name })}</Text>
      <Text>
        {dedication.from ? t('dedication.from', { name: dedication.from }) : t('dedication.fromSomeone')}
      </Text>
      {dedication.message && (
        <Blockquote cite={t('dedication.words')} style={{ whiteSpace: 'pre-wrap' }}>
          {dedication.message}
        </Blockquote>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Text fw={700}>{t('dedication.puja', { puja, monastery: dedication.monastery })}</Text>
          <Text>
            {dedication.time
              ? t('dedication.dateAt', { date, time: dedication.time })
              : t('dedication.date', { date })}
          </Text>
          {dedication.names.length > 0 && (
            <Text>{t('dedication.names', { names: dedication.names.join(', ') })}</Text>
          )}
        </Stack>
      </Paper>
      {dedication.status === 'to_come' && <Text c="dimmed">{t('dedication.toCome')}</Text>}
      {dedication.status === 'not_held' && <Text c="dimmed">{t('dedication.notHeld')}</Text>}
      {dedication.status === 'performed' && (
        <Stack gap="sm">
          <Text fw={600}>{t('dedication.performed')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {dedication.photos.map((photo, index) => (
              <Image
                key={photo.id}
                src={photo.url}
                radius="md"
                alt={t('dedication.photo', { number: index + 1 })}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
