import '../../../lib/orders-strings.ts';
// The order form's date picker styles arrive with this lazy module, never with the home page's bundle.
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { closeOrderPrompt, useOrderPrompt } from '../../../lib/order-prompt.ts';
import { useNameForOrder } from '../hooks/use-name-for-order.ts';
import { useOrderForm } from '../hooks/use-order-form.ts';
import type { OrderChoice } from '../utils/order-form.ts';
import { OrderForm } from './order-form.tsx';
import { PaymentRedirectOverlay } from './payment-redirect-overlay.tsx';

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

  // A new puja, or the same one opened again, starts from an empty form.
  const shownOffering = useRef(offering);
  useEffect(() => {
    if (opened && shownOffering.current !== offering) reset();
    shownOffering.current = offering;
  }, [opened, offering, reset]);

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
            <OrderForm
              // The name's message shows with the order's own when the form is sent with mistakes.
              editor={{
                ...editor,
                submit: (event) => {
                  patronName.check();
                  editor.submit(event);
                },
              }}
              cost={offering.cost}
              leadingFields={
                patronName.needed && (
                  <TextInput
                    label={t('makePuja.yourName')}
                    description={t('makePuja.yourNameHint')}
                    autoComplete="name"
                    required
                    {...patronName.inputProps}
                  />
                )
              }
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
          </>
        )}
      </Modal>
      <PaymentRedirectOverlay leavingFor={editor.leavingFor} />
    </>
  );
}
