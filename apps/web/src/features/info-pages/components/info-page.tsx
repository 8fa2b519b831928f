import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalPath } from '../../../lib/use-local-path.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSiteContacts } from '../api/get-site-contacts.ts';
import { INFO_PAGE_LINKS } from '../info-page-links.ts';

/** The pages written as sections of text in locales/en/info-pages.json. */
export type WrittenPage = 'about' | 'faq' | 'terms' | 'privacy' | 'refunds';

interface Section {
  heading: string;
  paragraphs: string[];
  /** What the section says instead where the deployment takes cards (docs/decisions/051). */
  cardsParagraphs?: string[];
}

/** A page of plain text: its title, an introduction, then headed sections, and links to the others. */
export function InfoPage({ page, children }: { page: WrittenPage; children?: ReactNode }) {
  const { t } = useTranslation('info-pages');
  usePageTitle(t(`${page}.title`));
  const sections = t(`${page}.sections`, { returnObjects: true }) as Section[];
  // The footer's answer too: a rendered page brings it, so the server's HTML and the browser's agree.
  const cards = useSiteContacts().data?.payments.cards_enabled ?? false;
  return (
    <InfoPageFrame title={t(`${page}.title`)} intro={t(`${page}.intro`)} current={`/${page}`}>
      {sections.map((section) => (
        <Stack key={section.heading} gap="xs" component="section">
          <Title order={2} fz="h3">
            {section.heading}
          </Title>
          {((cards && section.cardsParagraphs) || section.paragraphs).map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ))}
      {children}
    </InfoPageFrame>
  );
}

/** The frame every information page shares, the Contact page too. */
export function InfoPageFrame({
  title,
  intro,
  current,
  children,
}: {
  title: string;
  intro: string;
  current: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('info-pages');
  const { t: tCommon } = useTranslation();
  const localPath = useLocalPath();
  return (
    <Stack component="article" gap="lg" maw={760} mx="auto" py="md">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text size="lg">{intro}</Text>
      </Stack>
      {children}
      <nav aria-label={t('seeAlso')}>
        <Text fw={600} size="sm" mb={4}>
          {t('seeAlso')}
        </Text>
        <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {INFO_PAGE_LINKS.filter((link) => link.path !== current).map((link) => (
            <li key={link.path}>
              <Anchor component={Link} to={localPath(link.path)} size="sm">
                {tCommon(link.labelKey)}
              </Anchor>
            </li>
          ))}
        </Group>
      </nav>
    </Stack>
  );
}
