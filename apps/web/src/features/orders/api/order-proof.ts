import {
  announceLivestreamEndpoint,
  certificatePdfEndpoint,
  type Language,
  orderProofEndpoint,
  uploadOrderVideoEndpoint,
} from '@puja/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import {
  callEndpoint,
  endpointQueryKey,
  endpointUrl,
  useEndpointMutation,
  useEndpointQuery,
} from '../../../lib/endpoint-client.ts';

/**
 * An order's proof (docs/decisions/037): its video, livestream link and certificate, for its patron, its
 * monastery's staff and administrators. The video's links are signed and expire, so the answer is read
 * afresh whenever the order is opened.
 */
export const orderProofQueryKey = (orderId: number) =>
  endpointQueryKey(orderProofEndpoint, { params: { orderId } });

export function useOrderProof(orderId: number) {
  return useEndpointQuery(orderProofEndpoint, { params: { orderId } }, { staleTime: 0 });
}

/** `POST /api/orders/{id}/video` (multipart): the staff's video of the performed puja, with a poster if they give one. */
export function useUploadOrderVideo(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ video, poster }: { video: File; poster: File | null }) =>
      callEndpoint(uploadOrderVideoEndpoint, {
        params: { orderId },
        body: poster ? { video, poster } : { video },
      }),
    onSuccess: (proof) => queryClient.setQueryData(orderProofQueryKey(orderId), proof),
  });
}

/** `POST /api/orders/{id}/livestream`: the link and its start, in Nepal time. */
export function useAnnounceLivestream(orderId: number) {
  const queryClient = useQueryClient();
  return useEndpointMutation(announceLivestreamEndpoint, {
    onSuccess: (proof) => queryClient.setQueryData(orderProofQueryKey(orderId), proof),
  });
}

/** The certificate PDF, in the reader's language, fetched with the session's token and saved. */
export function useDownloadCertificate() {
  return useMutation({
    mutationFn: ({ order, language }: { order: { id: number; number: string }; language: Language }) =>
      downloadFile(
        endpointUrl(certificatePdfEndpoint, { params: { orderId: order.id }, query: { lang: language } }),
        `certificate-${order.number}.pdf`,
      ),
  });
}
