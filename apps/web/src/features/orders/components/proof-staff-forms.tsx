import '../../../lib/orders-strings.ts';
import { Button, FileInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ORDER_VIDEO_TYPES, type Order, PICTURE_ACCEPT } from '@puja/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input.tsx';
import { useAttempt } from '../../../lib/use-attempt.ts';
import { useUploadOrderVideo } from '../api/order-proof.ts';
import { useLivestreamForm } from '../hooks/use-livestream-form.ts';
import { pujaDayOf } from '../utils/puja-day.ts';

/**
 * What the staff of the order's monastery add as proof (docs/decisions/037): a livestream or recording
 * link for an approved or completed puja, and the video of a completed one with an optional poster (the
 * first photo is the poster otherwise). The server judges the video by its bytes.
 */
export function ProofStaffForms({ order }: { order: Pick<Order, 'id' | 'status' | 'date' | 'time'> }) {
  const { t } = useTranslation('orders');
  if (order.status !== 'approved' && order.status !== 'completed') return null;
  return (
    <Stack gap="lg">
      <LivestreamForm order={order} />
      {order.status === 'completed' ? (
        <VideoForm orderId={order.id} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('proof.videoAfterCompletion')}
        </Text>
      )}
    </Stack>
  );
}

function LivestreamForm({ order }: { order: Pick<Order, 'id' | 'date' | 'time'> }) {
  const { t } = useTranslation('orders');
  const { form, submit, isSending } = useLivestreamForm(order.id, {
    url: '',
    // The order's day as the server sends it is the start of that day in Nepal; the form takes the day.
    date: pujaDayOf(order.date),
    time: order.time ?? '',
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('proof.livestreamHeading')}
        </Title>
        <TextInput
          type="url"
          label={t('proof.livestreamUrl')}
          description={t('proof.livestreamUrlHint')}
          required
          {...form.getInputProps('url')}
        />
        <DayInput
          label={t('proof.livestreamDate')}
          required
          {...form.getInputProps('date')}
          value={form.values.date}
        />
        <TextInput type="time" label={t('proof.livestreamTime')} required {...form.getInputProps('time')} />
        <Button type="submit" loading={isSending} w="fit-content">
          {t('proof.announce')}
        </Button>
      </Stack>
    </form>
  );
}

function VideoForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const attempt = useAttempt();
  const upload = useUploadOrderVideo(orderId);
  const [video, setVideo] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);

  const send = async () => {
    if (!video) {
      setMissing(true);
      return;
    }
    const outcome = await attempt(() => upload.mutateAsync({ video, poster }), {
      success: t('proof.videoSaved'),
      failure: t('proof.videoFailed'),
    });
    if (outcome.ok) {
      setVideo(null);
      setPoster(null);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!upload.isPending) void send();
      }}
      noValidate
    >
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('proof.videoHeading')}
        </Title>
        <FileInput
          label={t('proof.videoFile')}
          description={t('proof.videoFileHint')}
          accept={[...ORDER_VIDEO_TYPES, '.mp4', '.webm'].join(',')}
          value={video}
          onChange={(file) => {
            setVideo(file);
            setMissing(false);
          }}
          error={missing ? t('proof.videoMissing') : undefined}
          required
          clearable
        />
        <FileInput
          label={t('proof.posterFile')}
          description={t('proof.posterFileHint')}
          accept={PICTURE_ACCEPT}
          value={poster}
          onChange={setPoster}
          clearable
        />
        <Button type="submit" loading={upload.isPending} w="fit-content">
          {t('proof.attachVideo')}
        </Button>
      </Stack>
    </form>
  );
}
