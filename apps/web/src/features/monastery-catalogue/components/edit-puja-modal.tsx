import { Button, Center, Group, Loader, Modal, Stack, TextInput } from '@mantine/core';
import type { PujaWithPivot } from '@puja/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { StaleVersionAlert } from '../../../components/stale-version-alert.tsx';
import { useLastShown } from '../../../lib/use-last-shown.ts';
import { useMonasteryPuja } from '../api/get-monastery-puja.ts';
import { useSpecialPuja } from '../api/get-special-puja.ts';
import { useCostForm } from '../hooks/use-cost-form.ts';
import { useSpecialPujaForm } from '../hooks/use-special-puja-form.ts';
import { PlanKindsField } from './plan-kinds-field.tsx';
import { PricingFields } from './pricing-fields.tsx';
import { SpecialPujaFields } from './special-puja-fields.tsx';

interface EditPujaModalProps {
  /** The puja being edited; null when closed. */
  puja: PujaWithPivot | null;
  onClose: () => void;
}

/**
 * The edit modals (docs/product.md#staff-pujas): 'Update Monastery' changes the price of a catalogue puja (its name read-only),
 * 'Update Personal Puja' edits a special puja. Each starts from the puja as stored now.
 */
export function EditPujaModal({ puja, onClose }: EditPujaModalProps) {
  const { t } = useTranslation('staff');
  const shown = useLastShown(puja);
  const special = shown?.monastery_id != null;
  return (
    <Modal
      opened={puja !== null}
      onClose={onClose}
      title={special ? t('editSpecial.title') : t('editCost.title')}
      centered
      size={special ? 'lg' : 'md'}
      // The Close button closes it (and Escape); a second, corner close button would only compete.
      withCloseButton={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown &&
        (special ? (
          <SpecialPujaEditor key={shown.pivot.id} pivotId={shown.pivot.id} onDone={onClose} />
        ) : (
          <CostEditor key={shown.pivot.id} pivotId={shown.pivot.id} onDone={onClose} />
        ))}
    </Modal>
  );
}

interface EditorProps {
  pivotId: number;
  onDone: () => void;
}

function CostEditor({ pivotId, onDone }: EditorProps) {
  const stored = useMonasteryPuja(pivotId);
  return <Loaded query={stored}>{(puja) => <CostForm puja={puja} onDone={onDone} />}</Loaded>;
}

function CostForm({ puja, onDone }: { puja: PujaWithPivot; onDone: () => void }) {
  const { t } = useTranslation('staff');
  const { form, setCost, submit, isSending } = useCostForm(puja, onDone);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('editCost.name')} value={puja.name} readOnly />
        <PricingFields
          values={form.values}
          errors={form.errors}
          inputProps={(field) => form.getInputProps(field)}
          cost={{
            ...form.getInputProps('cost'),
            onChange: setCost,
            error: form.errors.cost ?? form.errors.puja,
          }}
          fixedLabel={t('editCost.cost')}
        />
        <PlanKindsField
          value={form.values.plan_kinds ?? []}
          onChange={(kinds) => form.setFieldValue('plan_kinds', kinds)}
          error={form.errors.plan_kinds}
          schedule={{
            value: form.values.plan_schedule ?? '',
            onChange: (days) => form.setFieldValue('plan_schedule', days),
            error: form.errors.plan_schedule,
          }}
          payEach={{
            checked: form.values.plan_pay_each ?? false,
            onChange: (checked) => form.setFieldValue('plan_pay_each', checked),
            error: form.errors.plan_pay_each,
          }}
        />
        <EditorButtons
          onClose={onDone}
          closeLabel={t('editCost.close')}
          submitLabel={t('editCost.submit')}
          sending={isSending}
        />
      </Stack>
    </form>
  );
}

function SpecialPujaEditor({ pivotId, onDone }: EditorProps) {
  const stored = useSpecialPuja(pivotId);
  return <Loaded query={stored}>{(puja) => <SpecialPujaForm puja={puja} onDone={onDone} />}</Loaded>;
}

function SpecialPujaForm({ puja, onDone }: { puja: PujaWithPivot; onDone: () => void }) {
  const { t } = useTranslation('staff');
  const editor = useSpecialPujaForm(puja, onDone);
  return (
    <form onSubmit={editor.submit} noValidate>
      <Stack gap="md">
        <StaleVersionAlert stale={editor.stale} onReload={editor.reload} />
        <SpecialPujaFields editor={editor} currentImage={{ path: puja.image_path, name: puja.name }} />
        <EditorButtons
          onClose={onDone}
          closeLabel={t('editSpecial.close')}
          submitLabel={t('editSpecial.submit')}
          sending={editor.isSending}
        />
      </Stack>
    </form>
  );
}

/** The stored puja once loaded; a loader before, the reason and a retry if it could not be. */
function Loaded({
  query,
  children,
}: {
  query: UseQueryResult<{ selectedPuja: PujaWithPivot }>;
  children: (puja: PujaWithPivot) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  return children(query.data.selectedPuja);
}

function EditorButtons({
  onClose,
  closeLabel,
  submitLabel,
  sending,
}: {
  onClose: () => void;
  closeLabel: string;
  submitLabel: string;
  sending: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onClose}>
        {closeLabel}
      </Button>
      <Button type="submit" loading={sending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
