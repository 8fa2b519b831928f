import '../auth-strings.ts';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { LoginForm } from '../components/login-form.tsx';
import { pathAfterSignIn } from '../utils/path-after-sign-in.ts';

/**
 * `/auth`: the login screen inside the login layout; `?redirect=` says where to go afterwards. Someone
 * signed in (already, or just now through the form) is sent on to their area (docs/product.md#after-sign-in).
 */
export function AuthPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('title'));
  const session = useSession();
  const [searchParams] = useSearchParams();

  if (session.token) {
    return <Navigate to={pathAfterSignIn(session, searchParams.get('redirect'))} replace />;
  }
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <LoginForm />
    </Stack>
  );
}
