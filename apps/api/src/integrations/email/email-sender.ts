/** One file attached to an e-mail: a receipt (PDF), a puja as a calendar event (.ics). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}

/** An e-mail as we compose it: a plain-text part and an HTML part of the same text. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's language (`Content-Language`), so mail programs read and speak it rightly. */
  language: string;
  attachments?: EmailAttachment[];
}

/** Delivers an e-mail. Only the durable job queue calls it (docs/decisions/019), so a failure is retried. */
export interface EmailSender {
  readonly name: string;
  /** Throws `EmailDeliveryError` when the server refuses the message or cannot be reached. */
  send(message: EmailMessage): Promise<void>;
}

export class EmailDeliveryError extends Error {
  constructor(
    readonly transport: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${transport}: ${message}`, options);
    this.name = 'EmailDeliveryError';
  }
}

/** Giving up on an SMTP server that does not answer, so a job does not hang a worker. */
export const SMTP_TIMEOUT_MS = 15_000;
