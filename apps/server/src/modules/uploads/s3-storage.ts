import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config';
import { isValidObjectKey, type ObjectStorage } from './object-storage';

/**
 * ObjectStorage on an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). Objects are written once
 * under server-generated keys and read back through GET /uploads/:key, so the bucket can stay
 * private. `close` releases the HTTP connections (call it when the app closes).
 */
export function createS3Storage(config: S3Config): ObjectStorage & { close(): void } {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 demands them: several S3-compatible servers reject the newer
    // default (CRC32 headers and trailers) on plain PUT/GET.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });

  return {
    async putObject(key, body) {
      if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream',
        }),
      );
    },
    async getObjectStream(key) {
      if (!isValidObjectKey(key)) return null;
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!result.Body) return null;
        return { stream: result.Body as Readable, size: result.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}
