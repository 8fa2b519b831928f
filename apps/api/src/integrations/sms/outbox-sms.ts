import fs from 'node:fs/promises';
import path from 'node:path';
import type { SmsSender } from './sms-sender.ts';

/**
 * Development and test delivery: one JSON line per message in DATA_DIR/sms-outbox.jsonl, plus a log line.
 * This is how a developer, or an end-to-end test, reads a sign-in code without a phone.
 */
export function createOutboxSmsSender(dataDirectory: string, log: (message: string) => void): SmsSender {
  const file = outboxFile(dataDirectory);
  return {
    name: 'outbox',
    reaches: () => true,
    async send({ to, text }) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.appendFile(file, `${JSON.stringify({ to, text, sent_at: new Date().toISOString() })}\n`, {
        mode: 0o600,
      });
      log(`SMS to ${to} written to ${file}: ${text}`);
    },
  };
}

export function outboxFile(dataDirectory: string): string {
  return path.join(dataDirectory, 'sms-outbox.jsonl');
}
