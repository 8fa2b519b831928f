import '../auth-strings.ts';
import { Alert, Modal } from '@mantine/core';
import type { LoginResponse } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { closeLoginPrompt, useLoginPrompt } from '../../../lib/login-prompt.ts';
import { forgetOrderAfterSignIn } from '../../../lib/order-prompt.ts';
import { pathAfterSignIn } from '../utils/path-after-sign-in.ts';
import { LoginForm } from './login-form.tsx';

/** The one login modal; anything may open it through `openLoginPrompt`, optionally with a reason. */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const { opened, error, redirectTo } = useLoginPrompt();
  const navigate = useNavigate();
  const location = useLocation();

  function continueAfterSignIn({ user }: LoginResponse) {
    closeLoginPrompt();
    const next = pathAfterSignIn(user, redirectTo);
    // A patron asked to sign in on a page (Make Puja) simply stays there.
    if (next !== `${location.pathname}${location.search}`) void navigate(next);
  }

  return (
    <Modal.Root
      opened={opened}
      onClose={() => {
        // Closed without signing in: the Make Puja form asked for before must not pop up later.
        forgetOrderAfterSignIn();
        closeLoginPrompt();
      }}
      // docs/product.md#signing-in: a static backdrop, so a stray click does not throw away a half-typed number.
      closeOnClickOutside={false}
      centered
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* A <div>: Mantine's default <header> would count as a second banner landmark on the page. */}
        <Modal.Header component="div">
          <Modal.Title>{t('title')}</Modal.Title>
          <Modal.CloseButton aria-label={t('close', { ns: 'common' })} />
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Alert color="red" variant="light" role="alert" mb="md">
              {error}
            </Alert>
          )}
          {/* Mounted only while open, so each opening starts from the phone step with a fresh bot check. */}
          {opened && <LoginForm onSignedIn={continueAfterSignIn} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
