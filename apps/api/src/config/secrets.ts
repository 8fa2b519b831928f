import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
