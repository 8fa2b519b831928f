import '../../features/session/auth-strings.ts';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '../../components/app-logo.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';
import classes from './login-layout.module.css';
import { PageOutlet } from './page-outlet.tsx';

/** The login layout (docs/product.md#sign-in-layout): a picture with its caption beside the logo, heading and sign-in screen. */
export function LoginLayout() {
  const { t } = useTranslation(['common', 'auth']);
  return (
    <div className={classes.root}>
      {/* The picture is decoration; its caption is the part that informs. */}
      <aside className={classes.picture}>
        <p className={classes.caption}>{t('auth:loginLayout.caption')}</p>
      </aside>
      <main className={classes.panel}>
        <Stack gap="lg" className={classes.panelInner}>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" aria-label={t('nav.home')} w="fit-content">
              <AppLogo size={44} />
            </Anchor>
            {/* Someone arriving here first chooses their language here too. */}
            <LanguageSelect />
          </Group>
          <Title order={1}>{t('auth:loginLayout.heading')}</Title>
          <Text c="dimmed">{t('auth:loginLayout.intro')}</Text>
          <PageOutlet />
        </Stack>
      </main>
    </div>
  );
}
