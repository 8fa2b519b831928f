import '../../../lib/staff-strings.ts';
import { Grid, Paper, Stack, Title } from '@mantine/core';
import type { PujaWithPivot } from '@puja/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMonasteryPujas } from '../api/get-monastery-pujas.ts';
import { AddPujaForm } from '../components/add-puja-form.tsx';
import { AddSpecialPujaForm } from '../components/add-special-puja-form.tsx';
import { EditPujaModal } from '../components/edit-puja-modal.tsx';
import { MonasteryPujasTable } from '../components/monastery-pujas-table.tsx';
import { usePujaRemoval } from '../hooks/use-puja-removal.ts';

/**
 * `/monastery/puja` (docs/product.md#staff-pujas): the pujas the monastery offers and their prices, with the Add Puja and Add
 * Special Puja forms beside them, edit modals, and a question before removing one.
 */
export function MonasteryPujasPage() {
  const { t } = useTranslation('staff');
  usePageTitle(t('pujas.title'));
  const pujas = useMonasteryPujas();
  const removal = usePujaRemoval();
  const [editing, setEditing] = useState<PujaWithPivot | null>(null);
  const tableHeadingId = useId();

  return (
    <Stack gap="xl">
      <Title order={1}>{t('pujas.title')}</Title>
      {pujas.isError ? (
        <QueryErrorAlert error={pujas.error} onRetry={() => void pujas.refetch()} />
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper component="section" aria-labelledby={tableHeadingId} withBorder radius="md" p="md">
              <Title order={2} fz="h3" id={tableHeadingId} mb="md">
                {t('pujas.tableHeading')}
              </Title>
              <MonasteryPujasTable
                pujas={pujas.data?.monasteryPuja.pujas}
                onEdit={setEditing}
                onDelete={removal.ask}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <AddPujaForm available={pujas.data?.pujas} />
              <AddSpecialPujaForm />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <EditPujaModal puja={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removal.asking !== null}
        title={t('removeConfirm.title')}
        message={t('removeConfirm.message')}
        cancelLabel={t('removeConfirm.cancel')}
        confirmLabel={t('removeConfirm.confirm')}
        loading={removal.isRemoving}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </Stack>
  );
}
