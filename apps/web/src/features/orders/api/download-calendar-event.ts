import { type Order, orderCalendarEventEndpoint } from '@puja/contract';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { endpointUrl } from '../../../lib/endpoint-client.ts';

/**
 * The patron's puja as a calendar event (`.ics`), saved as a file the calendar opens. Fetched with the
 * session's token (the endpoint is the patron's own), so not a plain link.
 */
export function downloadCalendarEvent(order: Pick<Order, 'id' | 'number'>): Promise<string> {
  return downloadFile(
    endpointUrl(orderCalendarEventEndpoint, { params: { orderId: order.id } }),
    `puja-${order.number}.ics`,
  );
}

export function useDownloadCalendarEvent() {
  return useMutation({ mutationFn: downloadCalendarEvent });
}
