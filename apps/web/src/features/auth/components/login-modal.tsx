import { Alert, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closeLoginPrompt, useLoginPrompt } from '../../../lib/login-prompt.ts';
import { LoginForm } from './login-form.tsx';

/** The one login modal; anything may open it through `openLoginPrompt`, optionally with a reason. */
export function LoginModal() {
  const { t } = useTranslation('auth');
  const { opened, error } = useLoginPrompt();

  return (
    <Modal.Root
      opened={opened}
      onClose={closeLoginPrompt}
      // SPEC §2: a static backdrop, so a stray click does not throw away a half-typed number.
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
          <LoginForm onSignedIn={closeLoginPrompt} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
