import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { LoginForm } from '../components/login-form.tsx';
import { safeRedirectTarget } from '../utils/redirect-target.ts';

/** SPEC §2: where signed-in patrons land unless they were on their way somewhere. */
const AFTER_SIGN_IN_PATH = '/monasteries';

/** `/auth`: the login screen inside the login layout; `?redirect=` says where to go afterwards. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get('redirect')) ?? AFTER_SIGN_IN_PATH;

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <LoginForm onSignedIn={() => navigate(redirectTo, { replace: true })} />
    </Stack>
  );
}
