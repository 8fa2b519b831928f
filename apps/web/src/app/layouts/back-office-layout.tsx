import '../../lib/staff-strings.ts';
import { Anchor, AppShell, Box, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Role } from '@puja/contract';
import {
  IconBrowserCheck,
  IconBuildingBank,
  IconBuildingMonument,
  IconCalendarCog,
  IconCash,
  IconClipboardList,
  IconCoins,
  IconFileDescription,
  IconFlame,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconMessageReport,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AppLogo } from '../../components/app-logo.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { MenuBurger } from '../../components/menu-burger.tsx';
import { sessionLabel, useSession } from '../../lib/session.ts';
import { AwaitingActionCount, AwaitingActionLink } from './awaiting-action-count.tsx';
import { BACK_OFFICE_MENUS, type BackOfficeMenuItem, isMenuItemActive } from './back-office-menu.ts';
import { PageOutlet } from './page-outlet.tsx';
import { ProfileMenu } from './profile-menu.tsx';

const ICONS: Record<BackOfficeMenuItem['icon'], typeof IconLayoutDashboard> = {
  dashboard: IconLayoutDashboard,
  monastery: IconBuildingMonument,
  puja: IconFlame,
  users: IconUsers,
  payments: IconCash,
  payouts: IconBuildingBank,
  concerns: IconMessageReport,
  orders: IconClipboardList,
  audit: IconHistory,
  runSheet: IconListCheck,
  earnings: IconCoins,
  team: IconUsersGroup,
  ownPage: IconFileDescription,
  pageReviews: IconBrowserCheck,
  orderDays: IconCalendarCog,
};

const AREA_LABELS = {
  admin: 'staff:backOffice.adminArea',
  monastery: 'staff:backOffice.monasteryArea',
  user: null,
} as const;

interface BackOfficeLayoutProps {
  /** Whose sidebar to show: the role the area is for. */
  area: Role;
}

/**
 * The back office (docs/product.md#back-office-layout): a sidebar and a top bar with the signed-in person's name and a profile dropdown
 * (Logout) around the page; on phones the sidebar is a burger menu.
 */
export function BackOfficeLayout({ area }: BackOfficeLayoutProps) {
  const { t } = useTranslation(['common', 'staff']);
  const { pathname } = useLocation();
  const [navbarOpened, navbar] = useDisclosure(false);
  const items = BACK_OFFICE_MENUS[area];
  const areaLabel = AREA_LABELS[area];
  const session = useSession();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <MenuBurger
              opened={navbarOpened}
              onClick={navbar.toggle}
              hiddenFrom="sm"
              label={navbarOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            />
            <Anchor component={Link} to="/" underline="never" aria-label={t('nav.home')}>
              <AppLogo size={32} nameVisibleFrom="xs" />
            </Anchor>
            {area === 'monastery' && <AwaitingActionLink />}
          </Group>
          <Group gap="md" wrap="nowrap">
            {areaLabel && (
              <Text fw={600} c="dimmed" size="sm" visibleFrom="sm">
                {t(areaLabel)}
              </Text>
            )}
            {/* On a phone the language is chosen at the foot of the menu: the bar has no room for it. */}
            <Box visibleFrom="xs">
              <LanguageSelect />
            </Box>
            <ProfileMenu label={sessionLabel(session)} withSettings settingsPath={`/${area}/account`} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label={t('staff:backOffice.navigation')}>
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          const active = isMenuItemActive(pathname, item);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.label)}
              leftSection={<Icon size={18} aria-hidden="true" />}
              rightSection={item.count === 'awaitingAction' ? <AwaitingActionCount /> : undefined}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={navbar.close}
              variant="filled"
            />
          );
        })}
        <Box hiddenFrom="xs" mt="md">
          <LanguageSelect />
        </Box>
      </AppShell.Navbar>

      <AppShell.Main>
        <PageOutlet />
      </AppShell.Main>
    </AppShell>
  );
}
