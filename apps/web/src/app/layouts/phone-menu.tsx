import { Button, Collapse, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { CurrencySelect } from '../../components/currency-select.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useLogout } from '../../features/session/api/logout.ts';
import classes from './public-layout.module.css';

/** A link of the top bar, which the phone menu lists too. */
export interface TopBarLink {
  to: string;
  label: string;
}

interface PhoneMenuProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  /** Below this width the top bar's links are in this menu instead. */
  breakpoint: 'sm' | 'md';
  links: TopBarLink[];
  /** The signed-in person's name or phone; null for a visitor. */
  signedInLabel: string | null;
  withSettings: boolean;
}

/**
 * The public layout's menu on a phone: the top bar's links, the language and currency, and signing in or
 * out, in a panel that folds out under the bar. Loaded when first opened: most visits never open it.
 */
export function PhoneMenu({
  id,
  opened,
  onClose,
  breakpoint,
  links,
  signedInLabel,
  withSettings,
}: PhoneMenuProps) {
  const { t } = useTranslation();
  const { logOut, isPending: logoutPending } = useLogout();
  return (
    <Collapse in={opened} hiddenFrom={breakpoint} id={id} className={classes.mobileMenu}>
      <Container size="lg" pb="md">
        <Group gap="sm" hiddenFrom="xs" py="sm">
          <LanguageSelect />
          <CurrencySelect />
        </Group>
        <Stack component="nav" aria-label={t('nav.label')} gap={0}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.mobileLink} onClick={onClose}>
              {link.label}
            </NavLink>
          ))}
          {signedInLabel !== null ? (
            <>
              <Divider my="xs" />
              <Text c="dimmed" size="sm" truncate>
                {signedInLabel}
              </Text>
              {withSettings && (
                <NavLink to="/account-settings" className={classes.mobileLink} onClick={onClose}>
                  {t('nav.settings')}
                </NavLink>
              )}
              <Button
                mt="sm"
                variant="outline"
                loading={logoutPending}
                onClick={() => {
                  onClose();
                  logOut();
                }}
              >
                {t('nav.logout')}
              </Button>
            </>
          ) : (
            <Button component={Link} to="/auth" mt="sm" onClick={onClose}>
              {t('nav.loginSignup')}
            </Button>
          )}
        </Stack>
      </Container>
    </Collapse>
  );
}
