import { Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '../../components/app-logo.tsx';
import gridClasses from '../../components/card-grid.module.css';
import { INFO_PAGE_LINKS } from '../../features/info-pages/info-page-links.ts';
import { ROLE_HOME_PATHS } from '../../lib/role-areas.ts';
import type { SessionState } from '../../lib/session.ts';
import { useLocalPath } from '../../lib/use-local-path.ts';
import { FooterColumn } from './footer-column.tsx';
import classes from './public-layout.module.css';
import { SocialLinks } from './social-links.tsx';

/** The My Account link: login for visitors, a patron's settings, or a staff member's dashboard. */
function useMyAccountLink(session: SessionState): { to: string; label: string } {
  const { t } = useTranslation();
  if (!session.token) return { to: '/auth', label: t('footer.login') };
  if (session.role === 'admin' || session.role === 'monastery') {
    return { to: ROLE_HOME_PATHS[session.role], label: t('nav.dashboard') };
  }
  return { to: '/account-settings', label: t('nav.settings') };
}

/**
 * The footer of the public layout (docs/product.md#public-layout): logo, Quick Links (only when logged out), My Account, Help (the
 * information pages), and Follow Us On when the site has social pages.
 */
export function SiteFooter({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const myAccount = useMyAccountLink(session);
  const localPath = useLocalPath();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <div className={`${gridClasses.grid} ${classes.footerColumns}`}>
          <Stack gap="sm">
            <AppLogo variant="light" />
            <Text size="sm">{t('footer.about')}</Text>
          </Stack>
          {!session.token && (
            <FooterColumn heading={t('footer.quickLinks')}>
              <ul className={classes.footerList}>
                <li>
                  <Link to={localPath('/monasteries')} className={classes.footerLink}>
                    {t('nav.monasteries')}
                  </Link>
                </li>
                <li>
                  <Link to={localPath('/pujas')} className={classes.footerLink}>
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
          <FooterColumn heading={t('footer.help')}>
            <ul className={classes.footerList}>
              {INFO_PAGE_LINKS.map((link) => (
                <li key={link.path}>
                  <Link to={localPath(link.path)} className={classes.footerLink}>
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </FooterColumn>
          <SocialLinks />
        </div>
        <Text size="xs" mt="xl" c="saffron.1">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}
