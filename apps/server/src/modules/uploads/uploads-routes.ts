import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_IMAGE_MAX_BYTES, ZUploadImageQuery, ZUploadImageResponse } from '@pulse/contract/messages';
import { DomainError, InvalidError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors/domain-errors';
import { requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/rate-limits';
import { createObjectStorage } from './create-object-storage';
import { isPrivateObjectKey, isValidObjectKey, type ObjectStorage } from './object-storage';
import { findUploadByStorageKey } from './uploads-repository';
import { IMAGE_TOO_LARGE_MESSAGE, openUploadForViewer, saveImageUpload, UPLOAD_NOT_FOUND_MESSAGE } from './uploads-service';

export const SEND_MULTIPART_MESSAGE = contractMessage(msg`Send the image as multipart/form-data, in a field named "file".`);

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images live (local folder or S3 bucket); `storeImageUpload(app, ...)` uses it. */
    objectStorage: ObjectStorage;
  }
}

async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError(SEND_MULTIPART_MESSAGE);
  try {
    const part = await request.file();
    if (!part) throw new UnsupportedMediaTypeError(SEND_MULTIPART_MESSAGE);
    return await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(IMAGE_TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new PayloadTooLargeError(msg`Send one image at a time.`);
    }
    // A body that says multipart but is not (no boundary, cut short) is the client's mistake, not a 500.
    if (!(error instanceof DomainError)) throw new InvalidError(SEND_MULTIPART_MESSAGE);
    throw error;
  }
}

/**
 * POST /api/uploads/images, GET /uploads/:key (public images) and GET /api/uploads/private/:uploadId
 * (ID documents, uploader and admins only; decision 017); decorates the app with `objectStorage` (hence
 * fastify-plugin) so other modules and the seed can store images. Multipart is registered in a
 * nested scope of its own, so every other route keeps the JSON-only body rule.
 */
const uploadsRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { storage, close } = await createObjectStorage(app.config);
  app.decorate('objectStorage', storage);
  app.addHook('onClose', close);

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    });
    // Any other body type reaches the handler and gets the upload's own 415 message rather than
    // the JSON-only one.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/uploads/images',
      {
        schema: { querystring: ZUploadImageQuery, response: { 201: ZUploadImageResponse } },
        preValidation: scope.authenticate,
        config: { rateLimit: rateLimitFor(app.config, 'upload') },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const bytes = await readUploadedFile(request);
        return reply.code(201).send(await saveImageUpload(app, user.id, bytes, request.query.purpose));
      },
    );
  });

  app.get('/uploads/:key', { schema: { params: z.object({ key: z.string() }) } }, async (request, reply) => {
    const { key } = request.params;
    // A private key (`private/...`, sent with an encoded slash) is never served here, whoever asks.
    if (!isValidObjectKey(key) || isPrivateObjectKey(key)) throw new NotFoundError(UPLOAD_NOT_FOUND_MESSAGE);
    const upload = await findUploadByStorageKey(app.db, key);
    const object = upload ? await storage.getObjectStream(key) : null;
    if (!upload || !object) throw new NotFoundError(UPLOAD_NOT_FOUND_MESSAGE);
    // A key never gets new bytes, so browsers may keep it forever; `private` keeps chat pictures
    // out of shared caches.
    return reply
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(upload.contentType)
      .header('content-length', String(object.size))
      .send(object.stream);
  });

  app.get(
    '/api/uploads/private/:uploadId',
    { schema: { params: z.object({ uploadId: z.string().max(100) }) }, preValidation: app.authenticate },
    async (request, reply) => {
      const { upload, stream, size } = await openUploadForViewer(app, requireUser(request), request.params.uploadId);
      // Checked on every request: no cache may keep it, and a revoked admin or a signed-out
      // browser gets the refusal next time.
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .type(upload.contentType)
        .header('content-length', String(size))
        .send(stream);
    },
  );
};

export const uploadsRoutes = fp(uploadsRoutesPlugin, { name: 'uploads', dependencies: ['app-context'] });
