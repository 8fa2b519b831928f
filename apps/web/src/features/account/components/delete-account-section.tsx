import '../account-strings.ts';
import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  type DeleteAccountRequest,
  deleteAccountRequestSchema,
} from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { endedTheSession, reasonOf, showServerErrors, useContractForm } from '../../../lib/contract-form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/**
 * Deleting the account (docs/product.md#account-settings): what goes and what stays, then a dialog where
 * the patron types DELETE. A refusal (an order still holds their money) is shown in the dialog in full,
 * naming each order and what to do about it.
 */
export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const [opened, dialog] = useDisclosure(false);
  return (
    <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="delete-heading">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="delete-heading">
          {t('deletion.heading')}
        </Title>
        <Text>{t('deletion.explanation')}</Text>
        <Text>{t('deletion.keeps')}</Text>
        <Text>{t('deletion.moneyRule')}</Text>
        <Anchor component={Link} to="/privacy">
          {t('deletion.privacyLink')}
        </Anchor>
        <Group justify="flex-end">
          <Button color="red.8" variant="outline" onClick={dialog.open}>
            {t('deletion.open')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={dialog.close} title={t('deletion.dialogTitle')} centered>
        {/* Mounted while open only, so the dialog starts empty each time. */}
        {opened && <DeleteAccountForm onCancel={dialog.close} />}
      </Modal>
    </Card>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('account');
  const form = useContractForm<DeleteAccountRequest>(deleteAccountRequestSchema, { confirmation: '' });
  const deletion = useDeleteAccount();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      await deletion.mutateAsync({ body: values });
      // The session is gone: the page's guard takes the person to the monasteries.
      notifySuccess(t('deletion.deleted'));
    } catch (error) {
      if (showServerErrors(form, error) || endedTheSession(error)) return;
      setRefusal(reasonOf(error, t('deletion.failed')));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('deletion.dialogText')}</Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert" title={t('deletion.refused')}>
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('deletion.confirmationLabel', { word: DELETE_ACCOUNT_CONFIRMATION })}
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('confirmation')}
        />
        <FormButtons
          cancelLabel={t('deletion.keep')}
          onCancel={onCancel}
          submitLabel={t('deletion.confirm')}
          submitting={deletion.isPending}
          submitColor="red.8"
        />
      </Stack>
    </form>
  );
}
