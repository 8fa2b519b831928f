import { Center, Loader, Modal } from '@mantine/core';
import type { SessionUser } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useUser } from '../api/get-user.ts';
import { useUserForm } from '../hooks/use-user-form.ts';
import { type MonasteryOption, UserForm } from './user-form.tsx';

interface UserEditModalProps {
  /** The row whose Edit was pressed; null while closed. */
  userId: number | null;
  monasteries: readonly MonasteryOption[];
  monasteriesLoading: boolean;
  onClose: () => void;
}

/** The edit modal (docs/product.md#admin-users): the form starts from `GET /api/user/{id}/edit`, the account as it is now. */
export function UserEditModal({ userId, monasteries, monasteriesLoading, onClose }: UserEditModalProps) {
  const { t } = useTranslation('admin');
  const user = useUser(userId);
  return (
    <Modal
      opened={userId !== null}
      onClose={onClose}
      title={t('users.editTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {user.isError ? (
        <QueryErrorAlert error={user.error} onRetry={() => void user.refetch()} />
      ) : user.data && user.data.id === userId ? (
        <EditForm
          key={user.data.id}
          user={user.data}
          monasteries={monasteries}
          monasteriesLoading={monasteriesLoading}
          onClose={onClose}
        />
      ) : (
        <Center mih={200}>
          <Loader aria-label={t('loading', { ns: 'common' })} />
        </Center>
      )}
    </Modal>
  );
}

interface EditFormProps {
  user: SessionUser;
  monasteries: readonly MonasteryOption[];
  monasteriesLoading: boolean;
  onClose: () => void;
}

function EditForm({ user, monasteries, monasteriesLoading, onClose }: EditFormProps) {
  const { t } = useTranslation('admin');
  const editor = useUserForm({ user, onSaved: onClose });
  return (
    <UserForm
      editor={editor}
      monasteries={monasteries}
      monasteriesLoading={monasteriesLoading}
      actions={
        <FormButtons
          cancelLabel={t('close')}
          onCancel={onClose}
          submitLabel={t('users.update')}
          submitting={editor.isSaving}
        />
      }
    />
  );
}
