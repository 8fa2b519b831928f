import '../../../lib/orders-strings.ts';
// The order form's date picker styles arrive with this lazy module, never with the home page's bundle.
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { PlanKind } from '@puja/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { closeOrderPrompt, type OrderOffering, useOrderPrompt } from '../../../lib/order-prompt.ts';
import { useNameForOrder } from '../hooks/use-name-for-order.ts';
import { useOrderForm } from '../hooks/use-order-form.ts';
import { usePlanForm } from '../hooks/use-plan-form.ts';
import type { OrderChoice } from '../utils/order-form.ts';
import { OrderForm } from './order-form.tsx';
import { PaymentRedirectOverlay } from './payment-redirect-overlay.tsx';
import { PlanFields } from './plan-fields.tsx';

const NO_CHOICE: OrderChoice = { monastery: null, puja: null, cost: null };

/**
 * The Make Puja modal of the monastery and puja pages (docs/product.md#make-puja), opened through lib/order-prompt.ts. It
 * stays mounted once loaded, so an order placed just as the modal closes still starts its payment.
 */
export function MakePujaModal() {
  const { t } = useTranslation('orders');
  const { opened, offering } = useOrderPrompt();
  const patronName = useNameForOrder();
  const editor = useOrderForm({
    choice: offering
      ? {
          monastery: offering.monastery.id,
          puja: offering.puja.id,
          cost: offering.cost,
          pricing: offering.pricing ?? null,
        }
      : NO_CHOICE,
    onPlaced: closeOrderPrompt,
    beforePlacing: patronName.save,
  });
  const { reset } = editor;
  // One puja, or one of the plans the monastery offers it as (docs/decisions/056).
  const [what, setWhat] = useState<'once' | PlanKind>('once');
  const planKinds = plansOf(offering);

  // A new puja, or the same one opened again, starts from an empty form.
  const shownOffering = useRef(offering);
  useEffect(() => {
    if (opened && shownOffering.current !== offering) {
      reset();
      setWhat('once');
    }
    shownOffering.current = offering;
  }, [opened, offering, reset]);

  // A new patron's name, asked above either form while the account has none (docs/decisions/029).
  const nameField = patronName.needed && (
    <TextInput
      label={t('makePuja.yourName')}
      description={t('makePuja.yourNameHint')}
      autoComplete="name"
      required
      {...patronName.inputProps}
    />
  );

  // Leaving the page closes the modal: it belongs to the card it was opened from.
  const { pathname } = useLocation();
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (openedOn.current !== pathname) closeOrderPrompt();
    openedOn.current = pathname;
  }, [pathname]);

  return (
    <>
      <Modal
        opened={opened}
        onClose={closeOrderPrompt}
        title={t('makePuja.title')}
        centered
        size="lg"
        // The Close button (docs/product.md#make-puja) closes it (and Escape); a second, corner close button would only compete.
        withCloseButton={false}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {offering && (
          <>
            {/* The modal's first focus: on the date field it would open the calendar over the form (and a
                phone's keyboard); here it reads out what is being ordered, and Tab goes on to the date. */}
            <Text mb="md" data-autofocus tabIndex={-1}>
              {t('makePuja.offering', { puja: offering.puja.name, monastery: offering.monastery.name })}
            </Text>
            {planKinds.length > 0 && (
              <Radio.Group
                label={t('plans.form.choice')}
                value={what}
                onChange={(value) => setWhat(value as 'once' | PlanKind)}
                mb="md"
              >
                <Stack mt="xs" gap="xs">
                  <Radio value="once" label={t('plans.form.once')} />
                  {planKinds.map((kind) => (
                    <Radio key={kind} value={kind} label={t(`plans.kinds.${kind}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {what !== 'once' ? (
              <PlanOrder
                // Each kind its own form: its fields and checks differ.
                key={what}
                offering={offering}
                kind={what}
                patronName={patronName}
                leadingFields={nameField}
              />
            ) : (
              <OrderForm
                // The name's message shows with the order's own when the form is sent with mistakes.
                editor={patronName.checkedWith(editor)}
                cost={offering.cost}
                leadingFields={nameField}
                actions={
                  <Group justify="flex-end" gap="sm">
                    <Button variant="default" onClick={closeOrderPrompt}>
                      {t('form.close')}
                    </Button>
                    <Button type="submit" loading={editor.isSending}>
                      {t('makePuja.submit')}
                    </Button>
                  </Group>
                }
              />
            )}
          </>
        )}
      </Modal>
      <PaymentRedirectOverlay leavingFor={editor.leavingFor} />
    </>
  );
}

/** The plans an offering can be ordered as: those the monastery offers, for a puja at one price. */
function plansOf(offering: OrderOffering | null): PlanKind[] {
  // A plan's occurrences are each at the offering's one price: a quantity or an amount of one's own is
  // chosen per order, so those offerings are ordered one puja at a time.
  if (!offering || (offering.pricing && offering.pricing.kind !== 'fixed')) return [];
  return offering.planKinds ?? [];
}

/**
 * A plan's form in the modal. The modal stays open while the plan's payment starts (its button waits, the
 * page leaves for the wallet); if the wallet cannot start, the plan's page opens and the modal closes.
 */
function PlanOrder({
  offering,
  kind,
  patronName,
  leadingFields,
}: {
  offering: OrderOffering;
  kind: PlanKind;
  patronName: ReturnType<typeof useNameForOrder>;
  leadingFields: ReactNode;
}) {
  const { t } = useTranslation('orders');
  const editor = usePlanForm({
    choice: { monastery: offering.monastery.id, puja: offering.puja.id, cost: offering.cost },
    kind,
    beforePlacing: patronName.save,
  });
  return (
    <>
      <PlanFields
        editor={patronName.checkedWith(editor)}
        cost={offering.cost}
        schedule={offering.planSchedule}
        payEachAllowed={offering.planPayEach}
        leadingFields={leadingFields}
        actions={
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={closeOrderPrompt}>
              {t('form.close')}
            </Button>
            <Button type="submit" loading={editor.isSending}>
              {t('plans.form.submit')}
            </Button>
          </Group>
        }
      />
      <PaymentRedirectOverlay leavingFor={editor.leavingFor} />
    </>
  );
}
