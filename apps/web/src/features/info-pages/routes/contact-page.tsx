import '../info-pages-strings.ts';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath } from '../../../lib/use-local-path.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSiteContacts } from '../api/get-site-contacts.ts';
import { InfoPageFrame } from '../components/info-page.tsx';

/** A number as written in the settings, for a `tel:` link: its digits and the leading +. */
function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

/**
 * `/contact`: the order's messages for anything about an order, and the team's e-mail and phone when the
 * deployment set them (SUPPORT_EMAIL, SUPPORT_PHONE); without them, the orders are the way to reach anyone.
 */
export function ContactPage() {
  const { t } = useTranslation('info-pages');
  const localPath = useLocalPath();
  usePageTitle(t('contact.title'));
  const contacts = useSiteContacts();
  const support = contacts.data?.support;

  let team = null;
  if (contacts.isPending) team = <Skeleton h={80} />;
  else if (support?.email || support?.phone)
    team = (
      <Stack gap="xs">
        <Text>{t('contact.teamIntro')}</Text>
        <Stack component="dl" gap={4} m={0}>
          {support.email && (
            <Group gap="xs">
              <Text component="dt" fw={600}>
                {t('contact.email')}:
              </Text>
              <Text component="dd" m={0}>
                <Anchor href={`mailto:${support.email}`}>{support.email}</Anchor>
              </Text>
            </Group>
          )}
          {support.phone && (
            <Group gap="xs">
              <Text component="dt" fw={600}>
                {t('contact.phone')}:
              </Text>
              <Text component="dd" m={0}>
                <Anchor href={`tel:${dialable(support.phone)}`}>{support.phone}</Anchor>
              </Text>
            </Group>
          )}
        </Stack>
      </Stack>
    );
  else
    team = (
      <Alert variant="light" color="blue">
        {t('contact.noContactsIntro')}
      </Alert>
    );

  return (
    <InfoPageFrame title={t('contact.title')} intro={t('contact.intro')} current="/contact">
      <Group>
        <Button component={Link} to="/orders">
          {t('contact.openOrders')}
        </Button>
      </Group>
      <Stack gap="xs" component="section">
        <Title order={2} fz="h3">
          {t('contact.teamHeading')}
        </Title>
        {team}
      </Stack>
      <Text>
        <Anchor component={Link} to={localPath('/faq')}>
          {t('contact.faqHint')}
        </Anchor>
      </Text>
    </InfoPageFrame>
  );
}
