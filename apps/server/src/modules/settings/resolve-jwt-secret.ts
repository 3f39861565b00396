import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findSetting, insertSettingOnce } from './settings-repository';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * JWT_SECRET when configured; otherwise a random secret generated once and kept in the database,
 * so every process and every restart verifies the tokens the others signed.
 */
export async function resolveJwtSecret(config: Pick<Config, 'jwtSecret'>, db: Db): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const existing = await findSetting(db, JWT_SECRET_KEY);
  if (existing) return existing;
  return insertSettingOnce(db, JWT_SECRET_KEY, randomBytes(48).toString('base64url'));
}
