import { Menu } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../features/session/api/logout.ts';
import { ProfileButton } from './profile-button.tsx';

interface ProfileMenuProps {
  label: string;
  /**
   * Whether the menu has Settings: a patron's account settings, or a back office's own account page
   * (name, e-mail, password) for staff and administrators.
   */
  withSettings: boolean;
  /** Where Settings goes: the patron's page unless a back office names its own. */
  settingsPath?: string;
  /** Open from the start: the button was tapped while this code was loading. */
  opened?: boolean;
}

/**
 * The profile dropdown of both top bars (docs/product.md#public-layout): Settings and Logout. Loaded only for a signed-in person,
 * so visitors never download the menu, its positioning code or the logout.
 */
export function ProfileMenu({
  label,
  withSettings,
  settingsPath = '/account-settings',
  opened = false,
}: ProfileMenuProps) {
  const { t } = useTranslation();
  const { logOut, isPending: logoutPending } = useLogout();
  return (
    <Menu position="bottom-end" width={200} shadow="md" defaultOpened={opened}>
      <Menu.Target>
        <ProfileButton label={label} />
      </Menu.Target>
      <Menu.Dropdown>
        {withSettings && (
          <Menu.Item
            component={Link}
            to={settingsPath}
            leftSection={<IconSettings size={16} aria-hidden="true" />}
          >
            {t('nav.settings')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={logOut}
          disabled={logoutPending}
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
