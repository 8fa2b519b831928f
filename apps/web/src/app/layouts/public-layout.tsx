import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { AppLogo } from '../../components/app-logo.tsx';
import gridClasses from '../../components/card-grid.module.css';
import { CurrencySelect } from '../../components/currency-select.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { MenuBurger } from '../../components/menu-burger.tsx';
import {
  ANCHOR_CLASS_NAME,
  PlainButtonLink,
  PlainContainer,
  PlainGroup,
} from '../../components/plain-ui.tsx';
import { StaticPart } from '../../components/static-part.tsx';
import { useSiteContacts } from '../../features/info-pages/api/get-site-contacts.ts';
import { ROLE_HOME_PATHS } from '../../lib/role-areas.ts';
import { type SessionState, sessionLabel, useSession } from '../../lib/session.ts';
import { useLocalPath } from '../../lib/use-local-path.ts';
import { useLanguageOfAddress } from '../use-language-of-address.ts';
import { PageOutlet } from './page-outlet.tsx';
import type { TopBarLink } from './phone-menu.tsx';
import classes from './public-layout.module.css';

// The dropdown's positioning code is only for signed-in people; visitors never download it.
const ProfileMenu = lazy(async () => ({ default: (await import('./profile-menu.tsx')).ProfileMenu }));
// The footer is links and text: a rendered page keeps the server's HTML of it (docs/decisions/032).
const SiteFooter = lazy(async () => ({ default: (await import('./site-footer.tsx')).SiteFooter }));
const PhoneMenu = lazy(async () => ({ default: (await import('./phone-menu.tsx')).PhoneMenu }));
// Shown while the profile menu's code loads; it is the library's Button, which the first page does without
// (docs/decisions/050), so it comes in its own small chunk, asked for beside the menu's.
const ProfileButton = lazy(async () => ({
  default: (await import('./profile-button.tsx')).ProfileButton,
}));

/**
 * The top bar's links (docs/product.md#public-layout): Monasteries and Pujas for everyone; a patron also gets Direct Order and
 * Orders. Those are patron pages, so staff browsing the catalogue get their own dashboard instead.
 */
function useTopBarLinks(session: SessionState): TopBarLink[] {
  const { t } = useTranslation();
  const localPath = useLocalPath();
  const links = [
    { to: localPath('/monasteries'), label: t('nav.monasteries') },
    { to: localPath('/pujas'), label: t('nav.pujas') },
  ];
  if (!session.token) return links;
  if (session.role === 'admin' || session.role === 'monastery') {
    return [...links, { to: ROLE_HOME_PATHS[session.role], label: t('nav.dashboard') }];
  }
  return [
    ...links,
    { to: '/direct-order', label: t('nav.directOrder') },
    { to: '/orders', label: t('nav.orders') },
  ];
}

/**
 * The public layout (docs/product.md#public-layout): a fixed top bar, the page, and the footer. On phones the links fold into a
 * panel under the bar (a disclosure, lighter than a drawer and enough for a handful of links).
 */
export function PublicLayout() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const localPath = useLocalPath();
  useLanguageOfAddress();
  const siteContacts = useSiteContacts();
  const [menuOpened, menu] = useDisclosure(false);
  // The phone menu's code loads when it is first opened; it then stays, so closing it can fold it away.
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuOpened && !menuWanted) setMenuWanted(true);
  // A tap on the profile button while the menu's code is still on its way opens the menu once it is in.
  const [profileMenuAsked, setProfileMenuAsked] = useState(false);
  const menuId = useId();
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') menu.close();
  });

  const signedIn = session.token !== null;
  // Asked by the last person signed in: the next one's menu starts closed.
  if (!signedIn && profileMenuAsked) setProfileMenuAsked(false);
  const label = sessionLabel(session);
  const withSettings = session.role === 'user' || session.role === null;
  const links = useTopBarLinks(session);
  // Signed in, the bar holds twice the links and the name: it folds into the menu on narrower screens.
  const breakpoint = signedIn ? 'md' : 'sm';

  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <PlainContainer size="lg" style={{ height: '100%' }}>
          <PlainGroup gap="md" justify="space-between" style={{ height: '100%' }}>
            <Link
              to={localPath('/')}
              className={ANCHOR_CLASS_NAME}
              data-underline="never"
              aria-label={t('nav.home')}
              onClick={menu.close}
            >
              <AppLogo />
            </Link>
            <PlainGroup component="nav" aria-label={t('nav.label')} gap="lg" visibleFrom={breakpoint}>
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} className={classes.navLink}>
                  {link.label}
                </NavLink>
              ))}
              {signedIn ? (
                <Suspense
                  fallback={
                    <Suspense fallback={null}>
                      <ProfileButton label={label} onClick={() => setProfileMenuAsked(true)} />
                    </Suspense>
                  }
                >
                  <ProfileMenu label={label} withSettings={withSettings} opened={profileMenuAsked} />
                </Suspense>
              ) : (
                <PlainButtonLink to="/auth" variant="outline">
                  {t('nav.loginSignup')}
                </PlainButtonLink>
              )}
            </PlainGroup>
            <PlainGroup gap="sm">
              {/* On a phone they are in the menu: the bar has no room for them beside the name. */}
              <PlainGroup gap="sm" visibleFrom="xs">
                <LanguageSelect />
                <CurrencySelect />
              </PlainGroup>
              <MenuBurger
                opened={menuOpened}
                onClick={menu.toggle}
                hiddenFrom={breakpoint}
                label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
                controls={menuWanted ? menuId : undefined}
              />
            </PlainGroup>
          </PlainGroup>
        </PlainContainer>
        {menuWanted && (
          <Suspense fallback={null}>
            <PhoneMenu
              id={menuId}
              opened={menuOpened}
              onClose={menu.close}
              breakpoint={breakpoint}
              links={links}
              signedInLabel={signedIn ? label : null}
              withSettings={withSettings}
            />
          </Suspense>
        )}
      </header>
      <main className={classes.main}>
        <PlainContainer size="lg" style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
          <PageOutlet />
        </PlainContainer>
      </main>
      <StaticPart
        id="site-footer"
        styles={[gridClasses, classes]}
        fallback={null}
        inputs={[i18n.language, session.token, session.role, siteContacts.data]}
      >
        <SiteFooter session={session} />
      </StaticPart>
    </div>
  );
}
