import type { Order } from '@puja/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { addPhotos, type PhotoProblem } from '../utils/photo-rules.ts';
import type { OrderActions } from './use-order-actions.ts';

export interface ChosenPhoto {
  file: File;
  /** A `blob:` address of the file for its preview; freed once the photo is dropped. */
  previewUrl: string;
}

/**
 * The photos of a finished puja (SPEC §2: several files, then Puja Completed). Each file is checked as it
 * is chosen (type, size, how many), so nothing the server would refuse is uploaded.
 */
export function useCompletionForm(order: Order, actions: OrderActions, onCompleted: () => void) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [problems, setProblems] = useState<PhotoProblem[]>([]);
  const [missing, setMissing] = useState(false);

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
    setPhotos([...photos, ...added]);
    setProblems(result.problems);
    if (added.length > 0) setMissing(false);
  }

  function remove(photo: ChosenPhoto) {
    URL.revokeObjectURL(photo.previewUrl);
    setPhotos(photos.filter((chosen) => chosen !== photo));
    setProblems([]);
  }

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (actions.completing) return;
    if (photos.length === 0) {
      setMissing(true);
      return;
    }
    const outcome = await actions.complete(
      order,
      photos.map((photo) => photo.file),
    );
    if (outcome.ok) onCompleted();
  }

  return { photos, problems, missing, add, remove, submit, isSending: actions.completing };
}
