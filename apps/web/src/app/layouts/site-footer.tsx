import { ActionIcon, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '../../components/app-logo.tsx';
import { ROLE_HOME_PATHS } from '../../lib/role-areas.ts';
import type { SessionState } from '../../lib/session.ts';
import classes from './public-layout.module.css';

const INSTAGRAM_URL = import.meta.env.VITE_INSTAGRAM_URL || 'https://www.instagram.com/';
const FACEBOOK_URL = import.meta.env.VITE_FACEBOOK_URL || 'https://www.facebook.com/';
const SOCIAL_LINKS = [
  { href: INSTAGRAM_URL, labelKey: 'footer.instagram', Icon: IconBrandInstagram },
  { href: FACEBOOK_URL, labelKey: 'footer.facebook', Icon: IconBrandFacebook },
] as const;

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.footerHeading}>
        {heading}
      </h2>
      {children}
    </nav>
  );
}

/** The My Account link: login for visitors, a patron's settings, or a staff member's dashboard. */
function useMyAccountLink(session: SessionState): { to: string; label: string } {
  const { t } = useTranslation();
  if (!session.token) return { to: '/auth', label: t('footer.login') };
  if (session.role === 'admin' || session.role === 'monastery') {
    return { to: ROLE_HOME_PATHS[session.role], label: t('nav.dashboard') };
  }
  return { to: '/account-settings', label: t('nav.settings') };
}

/** SPEC §2's footer: logo, Quick Links (only when logged out), My Account, Follow Us On. */
export function SiteFooter({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const myAccount = useMyAccountLink(session);
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <AppLogo variant="light" />
            <Text size="sm">{t('footer.about')}</Text>
          </Stack>
          {!session.token && (
            <FooterColumn heading={t('footer.quickLinks')}>
              <ul className={classes.footerList}>
                <li>
                  <Link to="/monasteries" className={classes.footerLink}>
                    {t('nav.monasteries')}
                  </Link>
                </li>
                <li>
                  <Link to="/pujas" className={classes.footerLink}>
                    {t('nav.pujas')}
                  </Link>
                </li>
              </ul>
            </FooterColumn>
          )}
          <FooterColumn heading={t('footer.myAccount')}>
            <ul className={classes.footerList}>
              <li>
                <Link to={myAccount.to} className={classes.footerLink}>
                  {myAccount.label}
                </Link>
              </li>
            </ul>
          </FooterColumn>
          <FooterColumn heading={t('footer.followUsOn')}>
            <Group gap="sm">
              {SOCIAL_LINKS.map(({ href, labelKey, Icon }) => (
                <ActionIcon
                  key={labelKey}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(labelKey)}
                  variant="white"
                  color="maroon"
                  size="lg"
                  radius="xl"
                >
                  <Icon size={20} aria-hidden="true" />
                </ActionIcon>
              ))}
            </Group>
          </FooterColumn>
        </SimpleGrid>
        <Text size="xs" mt="xl" c="saffron.1">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}
