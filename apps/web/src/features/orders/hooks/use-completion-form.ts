import { completePujaRequestSchema, type Order } from '@puja/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/contract-form.ts';
import { addPhotos, type PhotoProblem } from '../../../lib/photo-rules.ts';
import type { OrderActions } from './use-order-actions.ts';

export interface ChosenPhoto {
  file: File;
  /** A `blob:` address of the file for its preview; freed once the photo is dropped. */
  previewUrl: string;
}

type CompletionValues = { photos: ChosenPhoto[] };

/**
 * The photos of a finished puja (docs/product.md#staff-calendar: several files, then Puja Completed). Each file is checked as it
 * is chosen (type, size, how many), so nothing the server would refuse is uploaded; at least one is
 * needed to send.
 */
export function useCompletionForm(order: Order, actions: OrderActions, onCompleted: () => void) {
  const { t } = useTranslation('staff');
  const form = useContractForm<CompletionValues>(
    completePujaRequestSchema,
    { photos: [] },
    {
      request: ({ photos }) => ({ order_id: order.id, 'files[]': photos.map((photo) => photo.file) }),
      refine: (values, errors) =>
        values.photos.length === 0 ? { ...errors, photos: t('photos.required') } : errors,
    },
  );
  const photos = form.values.photos;
  // Why files just chosen were left out (a file is never kept to be refused later).
  const [problems, setProblems] = useState<PhotoProblem[]>([]);

  // Previews are freed when the form goes away, whatever photos it still holds then.
  const shown = useRef(photos);
  shown.current = photos;
  useEffect(
    () => () => {
      for (const photo of shown.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  function add(files: readonly File[]) {
    const current = photos.map((photo) => photo.file);
    const result = addPhotos(current, files);
    const added = result.photos
      .slice(current.length)
      .map((file) => ({ file, previewUrl: URL.createObjectURL(file) }));
    if (added.length > 0) form.setFieldValue('photos', [...photos, ...added]);
    setProblems(result.problems);
  }

  function remove(photo: ChosenPhoto) {
    URL.revokeObjectURL(photo.previewUrl);
    form.setFieldValue(
      'photos',
      photos.filter((chosen) => chosen !== photo),
    );
    setProblems([]);
  }

  const save = form.onSubmit(async (values) => {
    const outcome = await actions.complete(
      order,
      values.photos.map((photo) => photo.file),
    );
    if (outcome.ok) onCompleted();
  });

  return {
    photos,
    problems,
    /** 'Add at least one photo', once Puja Completed was pressed without one. */
    missing: typeof form.errors.photos === 'string' ? form.errors.photos : undefined,
    add,
    remove,
    submit: (event?: FormEvent<HTMLFormElement>) =>
      actions.completing ? event?.preventDefault() : save(event),
    isSending: actions.completing,
  };
}
