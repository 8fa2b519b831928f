import { randomBytes } from 'node:crypto';
import {
  type AnnounceLivestreamRequest,
  type Language,
  livestreamProviderOf,
  normalizeCertificateCode,
  type OrderProofResponse,
  type OrderVideoType,
  TIME_OF_DAY_PATTERN,
  type VerifyCertificateResponse,
  verifyPagePath,
  zonedTimeToUtc,
} from '@puja/contract';
import sharp from 'sharp';
import { apiMessage } from '../../api-messages/api-messages.ts';
import type { Database } from '../../db/client.ts';
import { renderCertificatePdf } from '../../integrations/pdf/certificate-pdf.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { reencodeImage } from '../../integrations/storage/image-processing.ts';
import type { UrlSigner } from '../../integrations/storage/signed-urls.ts';
import { sniffVideoType } from '../../integrations/storage/video-files.ts';
import { AppError } from '../../lib/app-error.ts';
import { UploadedFile } from '../../lib/uploaded-file.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { OrderNotices } from '../orders/order-notices.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { findOrderById, type OrderRow } from '../orders/orders.shared-queries.ts';
import {
  countNames,
  findCertificateByCode,
  findStream,
  findVideo,
  findVideoOfOrder,
  firstPhotoKey,
  issueCertificate,
  replaceVideo,
  saveStream,
  userName,
} from './proof.queries.ts';

/**
 * Proof of a performed puja (docs/decisions/037): staff of the order's monastery attach one video to a
 * completed order and announce a livestream or recording link; the patron, the monastery's staff and
 * administrators see them on the order; the certificate of a completed order is a PDF for them and a
 * public page for anyone with its code, which shows nothing that names or reaches the patron.
 */
export interface ProofDependencies {
  db: Database;
  storage: FileStorage;
  notices: OrderNotices;
  ordersService: OrdersService;
  /** Signs `/api/order-videos/{id}` and its poster's path. */
  videoUrls: UrlSigner;
  businessTimeZone: string;
  maxVideoBytes: number;
  publicUrl: string;
  siteName: string;
}

const VIDEO_EXTENSIONS: Record<OrderVideoType, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

export function createProofService(dependencies: ProofDependencies) {
  const { db, storage, notices, videoUrls } = dependencies;

  /** An order of the staff member's own monastery: another monastery's is 403, whatever id is sent. */
  async function ownOrder(staff: Viewer, orderId: number): Promise<OrderRow> {
    const row = await findOrderById(db, orderId);
    if (!row) throw new AppError('notFound', 'Order not found.');
    if (staff.role !== 'monastery' || row.order.monasteryId !== staff.monastery_id)
      throw new AppError('forbidden', 'This order belongs to another monastery.');
    return row;
  }

  async function videoOrder(staff: Viewer, orderId: number): Promise<OrderRow> {
    const row = await ownOrder(staff, orderId);
    if (row.order.status !== 'completed')
      throw new AppError('conflict', apiMessage('videoCompletedOnly', {}));
    return row;
  }

  async function proofOf(row: OrderRow): Promise<OrderProofResponse> {
    const orderId = row.order.id;
    const [video, stream, certificate, photoKey] = await Promise.all([
      findVideoOfOrder(db, orderId),
      findStream(db, orderId),
      row.order.status === 'completed' ? issueCertificate(db, orderId, null) : undefined,
      firstPhotoKey(db, orderId),
    ]);
    return {
      video: video
        ? {
            id: video.id,
            url: videoUrls.sign(`/api/order-videos/${video.id}`),
            poster_url:
              video.posterStorageKey || photoKey
                ? videoUrls.sign(`/api/order-videos/${video.id}/poster`)
                : null,
            content_type: video.contentType as OrderVideoType,
            size_bytes: video.sizeBytes,
            uploaded_at: video.createdAt.toISOString(),
          }
        : null,
      livestream: stream
        ? {
            url: stream.url,
            provider: livestreamProviderOf(stream.url) ?? 'youtube',
            starts_at: stream.startsAt.toISOString(),
          }
        : null,
      certificate: certificate
        ? { code: certificate.code, verify_path: verifyPagePath(certificate.code) }
        : null,
    };
  }

  return {
    async getProof(viewer: Viewer, orderId: number): Promise<OrderProofResponse> {
      return proofOf(await dependencies.ordersService.getReadableOrder(viewer, orderId));
    },

    /** Refuses, before the file is received, an upload that cannot be kept (the route's `beforeFiles`). */
    async checkVideoUploadable(staff: Viewer, orderId: number): Promise<void> {
      await videoOrder(staff, orderId);
    },

    async attachVideo(
      staff: Viewer,
      orderId: number,
      body: { video?: unknown; poster?: unknown },
    ): Promise<OrderProofResponse> {
      const row = await videoOrder(staff, orderId);
      const file = body.video;
      if (!(file instanceof UploadedFile) || file.bytes.length === 0)
        throw new AppError('invalidInput', apiMessage('videoRequired', {}), {
          video: [apiMessage('videoRequired', {})],
        });
      if (file.bytes.length > dependencies.maxVideoBytes)
        throw new AppError(
          'payloadTooLarge',
          apiMessage('videoTooLarge', { count: Math.floor(dependencies.maxVideoBytes / 1024 / 1024) }),
        );
      // What the file is comes from its bytes alone: a picture or anything else renamed .mp4 is refused.
      const type = sniffVideoType(file.bytes);
      if (!type)
        throw new AppError('invalidInput', apiMessage('videoType', {}), {
          video: [apiMessage('videoType', {})],
        });
      const poster =
        body.poster === undefined || body.poster === '' ? undefined : await reencodeImage(body.poster, 1280);

      const folder = `order-videos/${row.order.id}`;
      const storageKey = `${folder}/${randomBytes(16).toString('hex')}.${VIDEO_EXTENSIONS[type]}`;
      const posterStorageKey = poster ? `${folder}/${randomBytes(16).toString('hex')}.webp` : null;
      const saved: string[] = [];
      try {
        await storage.savePrivate(storageKey, file.bytes);
        saved.push(storageKey);
        if (poster && posterStorageKey) {
          await storage.savePrivate(posterStorageKey, poster.bytes);
          saved.push(posterStorageKey);
        }
      } catch (error) {
        await Promise.all(saved.map((key) => storage.deletePrivate(key).catch(() => undefined)));
        throw error;
      }
      const replaced = await db.transaction(async (tx) => {
        const { previous } = await replaceVideo(tx, {
          orderId: row.order.id,
          storageKey,
          contentType: type,
          sizeBytes: file.bytes.length,
          posterStorageKey,
          uploadedBy: staff.id,
        });
        await recordAudit(tx, {
          actor: staff,
          action: 'attach-video',
          subject: 'order',
          subjectId: row.order.id,
          before: previous ? { video: true } : {},
          after: { video: true, type, bytes: file.bytes.length, poster: posterStorageKey !== null },
        });
        await notices.tell(tx, row.order, {
          key: 'videoAdded',
          params: { monastery: row.monastery.name, puja: row.puja.name },
        });
        return previous;
      });
      // The replaced video's files, once nothing refers to them any more.
      for (const key of [replaced?.storageKey, replaced?.posterStorageKey])
        if (key) await storage.deletePrivate(key).catch(() => undefined);
      return proofOf(row);
    },

    async announceLivestream(
      staff: Viewer,
      orderId: number,
      request: AnnounceLivestreamRequest,
    ): Promise<OrderProofResponse> {
      const row = await ownOrder(staff, orderId);
      if (row.order.status !== 'approved' && row.order.status !== 'completed')
        throw new AppError('conflict', apiMessage('livestreamState', {}));
      // The schema checked both; the time is Nepal's wall clock, stored as the moment it names.
      if (!TIME_OF_DAY_PATTERN.test(request.time) || !livestreamProviderOf(request.url))
        throw new AppError('invalidInput', 'The request is not valid.');
      const startsAt = zonedTimeToUtc(request.date, request.time, dependencies.businessTimeZone);
      await db.transaction(async (tx) => {
        const before = await findStream(tx, row.order.id);
        await saveStream(tx, { orderId: row.order.id, url: request.url, startsAt, announcedBy: staff.id });
        await recordAudit(tx, {
          actor: staff,
          action: 'announce-livestream',
          subject: 'order',
          subjectId: row.order.id,
          before: before ? { url: before.url, starts_at: before.startsAt.toISOString() } : {},
          after: { url: request.url, starts_at: startsAt.toISOString() },
        });
        await notices.tell(tx, row.order, {
          key: 'livestreamAnnounced',
          params: {
            monastery: row.monastery.name,
            puja: row.puja.name,
            date: request.date,
            time: request.time,
            url: request.url,
          },
        });
      });
      return proofOf(row);
    },

    /** A video's storage key and type when the signed link is good, for the route to stream it. */
    async signedVideo(videoId: number, expires: number, signature: string) {
      if (!videoUrls.verify(`/api/order-videos/${videoId}`, expires, signature))
        throw new AppError('forbidden', 'This link has expired. Open the order again for a fresh one.');
      const video = await findVideo(db, videoId);
      if (!video) throw new AppError('notFound', apiMessage('videoNotFound', {}));
      return video;
    },

    /** The poster's bytes (WebP) when the signed link is good: the one staff gave, or the first photo. */
    async signedPoster(videoId: number, expires: number, signature: string): Promise<Buffer> {
      if (!videoUrls.verify(`/api/order-videos/${videoId}/poster`, expires, signature))
        throw new AppError('forbidden', 'This link has expired. Open the order again for a fresh one.');
      const video = await findVideo(db, videoId);
      const key = video ? (video.posterStorageKey ?? (await firstPhotoKey(db, video.orderId))) : undefined;
      const bytes = key ? await storage.readPrivate(key) : undefined;
      if (!bytes) throw new AppError('notFound', 'Photo not found.');
      return bytes;
    },

    async certificatePdf(viewer: Viewer, orderId: number, language: Language) {
      const row = await dependencies.ordersService.getReadableOrder(viewer, orderId);
      if (row.order.status !== 'completed')
        throw new AppError('conflict', apiMessage('certificateCompletedOnly', {}));
      const certificate = await issueCertificate(db, orderId, null);
      const [names, completedBy, photoKey] = await Promise.all([
        countNames(db, orderId),
        userName(db, certificate.completedBy),
        firstPhotoKey(db, orderId),
      ]);
      const photoBytes = photoKey ? await storage.readPrivate(photoKey) : undefined;
      // pdfkit draws JPEG and PNG only; the photos are kept as WebP.
      const photo = photoBytes
        ? await sharp(photoBytes)
            .resize({ width: 1200, height: 900, fit: 'inside' })
            .jpeg({ quality: 82 })
            .toBuffer()
        : undefined;
      const pdf = await renderCertificatePdf(
        {
          code: certificate.code,
          verifyUrl: `${dependencies.publicUrl}${verifyPagePath(certificate.code)}`,
          monastery: row.monastery.name,
          puja: row.puja.name,
          performedOn: row.order.pujaDate,
          namesRead: names.read,
          namesTotal: names.total,
          completedBy,
          photo,
          issuedAt: certificate.createdAt,
        },
        { language, siteName: dependencies.siteName },
      );
      return { pdf, filename: `certificate-${row.order.number}.pdf` };
    },

    /** What the public page confirms, for a code of a completed order; 404 for any other text. */
    async verify(text: string): Promise<VerifyCertificateResponse> {
      const code = normalizeCertificateCode(text);
      const found = code ? await findCertificateByCode(db, code) : undefined;
      if (found?.status !== 'completed')
        throw new AppError('notFound', apiMessage('certificateNotFound', {}));
      const names = await countNames(db, found.orderId);
      return {
        certificate: {
          code: found.code,
          monastery: {
            name: found.monastery.name,
            slug: found.monastery.slug,
            image_path: found.monastery.imagePath,
          },
          puja: found.puja,
          performed_on: found.pujaDate,
          names_read: names.read,
        },
      };
    },
  };
}

export type ProofService = ReturnType<typeof createProofService>;
