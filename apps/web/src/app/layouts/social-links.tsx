import { Group } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSiteContacts } from '../../features/info-pages/api/get-site-contacts.ts';
import { FooterColumn } from './footer-column.tsx';
import classes from './public-layout.module.css';

const SOCIAL_PAGES = [
  { network: 'instagram', labelKey: 'footer.instagram', Icon: IconBrandInstagram },
  { network: 'facebook', labelKey: 'footer.facebook', Icon: IconBrandFacebook },
] as const;

/**
 * The footer's Follow Us On: the site's own social pages the server is configured with (SOCIAL_*_URL),
 * and nothing at all while it has none (or has not answered yet). A server-rendered page has the answer
 * in its page data (entry-server.tsx), so the column is there from the first paint.
 */
export function SocialLinks() {
  const { t } = useTranslation();
  const social = useSiteContacts().data?.social;
  const links = SOCIAL_PAGES.flatMap((page) => {
    const href = social?.[page.network];
    return href ? [{ ...page, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <FooterColumn heading={t('footer.followUsOn')}>
      <Group gap="sm">
        {links.map(({ href, labelKey, Icon }) => (
          // A plain link styled as a round icon: its styles are in the first paint's, with the footer's.
          <a
            key={labelKey}
            className={classes.socialLink}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(labelKey)}
          >
            <Icon size={20} aria-hidden="true" />
          </a>
        ))}
      </Group>
    </FooterColumn>
  );
}
