import { Anchor, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { AppLogo } from '../../components/app-logo.tsx';
import classes from './public-layout.module.css';
import { SiteFooter } from './site-footer.tsx';

/**
 * SPEC §2's public layout for visitors: a fixed top bar, the page, and the footer. On phones the links
 * fold into a panel under the bar (a disclosure, lighter than a drawer and enough for three links).
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const menuId = useId();
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') menu.close();
  });

  const links = [
    { to: '/monasteries', label: t('nav.monasteries') },
    { to: '/pujas', label: t('nav.pujas') },
  ];

  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" aria-label={t('nav.home')} onClick={menu.close}>
              <AppLogo />
            </Anchor>
            <Group component="nav" aria-label={t('nav.label')} gap="lg" visibleFrom="sm">
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} className={classes.navLink}>
                  {link.label}
                </NavLink>
              ))}
              <Button component={Link} to="/auth" variant="outline">
                {t('nav.loginSignup')}
              </Button>
            </Group>
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={menuOpened}
              aria-controls={menuId}
            />
          </Group>
        </Container>
        <Collapse in={menuOpened} hiddenFrom="sm" id={menuId} className={classes.mobileMenu}>
          <Container size="lg" pb="md">
            <Stack component="nav" aria-label={t('nav.label')} gap={0}>
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} className={classes.mobileLink} onClick={menu.close}>
                  {link.label}
                </NavLink>
              ))}
              <Button component={Link} to="/auth" mt="sm" onClick={menu.close}>
                {t('nav.loginSignup')}
              </Button>
            </Stack>
          </Container>
        </Collapse>
      </header>
      <main className={classes.main}>
        <Container size="lg" py="xl">
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
