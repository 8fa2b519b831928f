import { Alert, Button, Checkbox, Group, Select, Text } from '@mantine/core';
import {
  STAFF_NOTICE_FREQUENCIES,
  type StaffNoticeFrequency,
  type StaffNoticeSettings,
  type StaffNoticeSettingsResponse,
} from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useStaffNoticeSettings, useUpdateStaffNotices } from '../api/staff-notices.ts';
import { AccountSection } from './account-section.tsx';

/** The VAPID public key (base64url) as `PushManager.subscribe` takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

/**
 * How a staff member is told of orders (docs/decisions/041): SMS, e-mail and notifications, each order or
 * a digest, saved at once; and this device's notifications, through the app's service worker.
 */
export function StaffNoticesSection() {
  const { t } = useTranslation('admin');
  const query = useStaffNoticeSettings();
  const { settings: update, device } = useUpdateStaffNotices();
  const [deviceProblem, setDeviceProblem] = useState<string>();
  const current = query.data;
  if (!current) return null;

  const save = (change: Partial<StaffNoticeSettings>) => {
    const { sms, email, push, frequency } = current;
    update.mutate(
      { body: { sms, email, push, frequency, ...change } },
      {
        onSuccess: () => notifySuccess(t('staffNotices.saved')),
        onError: (error) =>
          notifyError(error instanceof ApiError ? error.message : t('errors.unexpected', { ns: 'common' }), {
            title: t('staffNotices.failed'),
          }),
      },
    );
  };

  const enableDevice = async (settings: StaffNoticeSettingsResponse) => {
    setDeviceProblem(undefined);
    if (!pushSupported() || !settings.vapid_public_key)
      return setDeviceProblem(t('staffNotices.unsupported'));
    if ((await Notification.requestPermission()) !== 'granted')
      return setDeviceProblem(t('staffNotices.denied'));
    const registration = await navigator.serviceWorker.register('/sw.js');
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(settings.vapid_public_key),
    });
    const json = subscription.toJSON();
    device.mutate(
      {
        body: {
          endpoint: json.endpoint ?? '',
          // One field holding their JSON: the web app sends forms (docs/api.md).
          keys: JSON.stringify({ p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }),
        },
      },
      {
        onSuccess: (saved) => {
          if (!saved.push) save({ push: true });
          notifySuccess(t('staffNotices.deviceOn'));
        },
        onError: (error) =>
          setDeviceProblem(error instanceof ApiError ? error.message : t('staffNotices.failed')),
      },
    );
  };

  return (
    <AccountSection headingId="staff-notices-title" heading={t('staffNotices.title')} padding="lg">
      <Checkbox
        label={t('staffNotices.sms')}
        checked={current.sms}
        disabled={update.isPending}
        onChange={(event) => save({ sms: event.currentTarget.checked })}
      />
      {current.sms && !current.has_phone && (
        <Text size="sm" c="dimmed">
          {t('staffNotices.noPhone')}
        </Text>
      )}
      <Checkbox
        label={t('staffNotices.email')}
        checked={current.email}
        disabled={update.isPending}
        onChange={(event) => save({ email: event.currentTarget.checked })}
      />
      {current.email && !current.has_email && (
        <Text size="sm" c="dimmed">
          {t('staffNotices.noEmail')}
        </Text>
      )}
      <Checkbox
        label={t('staffNotices.push')}
        checked={current.push}
        disabled={update.isPending}
        onChange={(event) => save({ push: event.currentTarget.checked })}
      />
      <Select
        label={t('staffNotices.frequency')}
        data={STAFF_NOTICE_FREQUENCIES.map((value) => ({ value, label: t(`staffNotices.${value}`) }))}
        value={current.frequency}
        allowDeselect={false}
        disabled={update.isPending}
        onChange={(value) => value && save({ frequency: value as StaffNoticeFrequency })}
      />
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('staffNotices.devices', { count: current.push_devices })}
        </Text>
        <Button variant="light" loading={device.isPending} onClick={() => void enableDevice(current)}>
          {t('staffNotices.enableDevice')}
        </Button>
      </Group>
      {deviceProblem && (
        <Alert color="orange" variant="light" role="alert">
          {deviceProblem}
        </Alert>
      )}
    </AccountSection>
  );
}
