import { Button } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const ACTIONS = {
  edit: { icon: IconEdit, color: undefined },
  delete: { icon: IconTrash, color: 'red' },
} as const;

interface RowActionButtonProps {
  action: keyof typeof ACTIONS;
  /** The row's item, named in the button's accessible name ("Edit Kopan Monastery"). */
  name: string;
  onClick: () => void;
}

/**
 * A row's Edit or Delete button in the administrator's tables (catalogue, users); a deletion's confirmation
 * is the caller's. The texts are the `admin` namespace's, which every admin page registers
 * (lib/admin-strings.ts) before it renders.
 */
export function RowActionButton({ action, name, onClick }: RowActionButtonProps) {
  const { t } = useTranslation('admin');
  const { icon: Icon, color } = ACTIONS[action];
  return (
    <Button
      size="xs"
      variant="light"
      color={color}
      leftSection={<Icon size={14} aria-hidden="true" />}
      aria-label={t(`table.${action}Item`, { name })}
      onClick={onClick}
    >
      {t(`table.${action}`)}
    </Button>
  );
}
