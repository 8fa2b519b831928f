import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateVapidKeys, type VapidKeys } from '../integrations/push/web-push.ts';
import type { Config } from './env.ts';

/**
 * The key that signs session tokens. Production must set JWT_SECRET (several instances share it); in
 * development one is generated on first start and kept in DATA_DIR, so sign-ins survive a restart.
 */
export function resolveJwtSecret(config: Config): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.join(config.dataDirectory, 'secrets', 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/**
 * The VAPID key pair that signs Web Push requests (docs/decisions/041). Production offers notifications
 * only with VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY set (several instances share them, and browsers'
 * subscriptions are bound to the public key); elsewhere a pair is generated once into DATA_DIR, so a
 * developer's subscriptions survive a restart. Undefined: no web push.
 */
export function resolveVapidKeys(config: Config): VapidKeys | undefined {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  if (config.NODE_ENV === 'production') return undefined;
  const file = path.join(config.dataDirectory, 'secrets', 'vapid.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: 'wx' });
  }
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...keys, subject };
}
