import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

/** A browser's side of a push subscription, made in the test: the P-256 key pair and auth secret. */
export interface TestPushSubscriber {
  ecdh: ECDH;
  publicKey: Buffer;
  authSecret: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string };
}

export function createTestPushSubscriber(): TestPushSubscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  return { ecdh, publicKey, authSecret, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } };
}

const TAG_LENGTH = 16;
const LAST_RECORD_DELIMITER = 0x02;
const OTHER_RECORD_DELIMITER = 0x01;

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/**
 * RFC 8188 §2.3: the record's sequence number is XORed into the end of the nonce. JavaScript's XOR
 * works on 32 bits, so only the last four bytes take part (enough for 2^32 records).
 */
function buildRecordNonce(baseNonce: Buffer, sequence: number): Buffer {
  const nonce = Buffer.from(baseNonce);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  return nonce;
}

/** Drops the zero padding and checks the delimiter that ends the plaintext of each record. */
function unpadRecord(plaintext: Buffer, isLast: boolean): Buffer {
  let end = plaintext.length - 1;
  while (end >= 0 && plaintext[end] === 0) end -= 1;
  const expected = isLast ? LAST_RECORD_DELIMITER : OTHER_RECORD_DELIMITER;
  if (end < 0 || plaintext[end] !== expected) throw new Error('Bad padding delimiter in an aes128gcm record');
  return plaintext.subarray(0, end);
}

/**
 * Decrypts a Web Push message body as the browser would: the aes128gcm content coding (RFC 8188)
 * with the key derived from ECDH and the auth secret (RFC 8291 §3.3-3.4).
 */
export function decryptWebPush(body: Buffer, subscriber: TestPushSubscriber): Buffer {
  // Header: salt (16) | record size (uint32) | key id length (1) | key id = sender's public key.
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const content = body.subarray(21 + keyIdLength);
  if (senderPublicKey.length !== 65) throw new Error('The key id is not an uncompressed P-256 public key');

  const ecdhSecret = subscriber.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderPublicKey]);
  const inputKey = hkdf(ecdhSecret, subscriber.authSecret, keyInfo, 32);
  const contentKey = hkdf(inputKey, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(inputKey, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < content.length; offset += recordSize, sequence += 1) {
    const record = content.subarray(offset, offset + recordSize);
    const decipher = createDecipheriv('aes-128-gcm', contentKey, buildRecordNonce(baseNonce, sequence));
    decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
    const plaintext = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
    parts.push(unpadRecord(plaintext, offset + recordSize >= content.length));
  }
  return Buffer.concat(parts);
}
