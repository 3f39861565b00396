import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOGUE_IMPORT_MAX_BYTES,
  ZApplyCatalogueImportRequest,
  ZApplyCatalogueImportResponse,
  ZPreviewCatalogueImportRequest,
  ZPreviewCatalogueImportResponse,
} from '@pulse/contract/catalogue-files';
import { requireUser } from '../../plugins/auth';
import { requireSeller } from '../products/products-service';
import { applyCatalogueImport, exportCatalogue, importTemplate, previewCatalogueImport } from './catalogue-files-service';

/** JSON around the file's text: quotes and backslashes escaped may double it. */
const IMPORT_BODY_LIMIT_BYTES = CATALOGUE_IMPORT_MAX_BYTES * 2 + 4096;

/** Product import and export by spreadsheet (issue 27, decision 060): the approved seller's own products only. */
export const catalogueFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => requireSeller(app.db, requireUser(request))];

  app.get('/api/seller/catalogue/export.csv', { preValidation: sellerOnly }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(exportCatalogue(app.db, requireUser(request).id, app.config.currency));
  });

  app.get('/api/seller/catalogue/import-template.csv', { preValidation: sellerOnly }, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="catalogue-template.csv"')
      .send(importTemplate(app.config.currency)),
  );

  app.post(
    '/api/seller/catalogue/imports/preview',
    {
      schema: { body: ZPreviewCatalogueImportRequest, response: { 200: ZPreviewCatalogueImportResponse } },
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      preValidation: sellerOnly,
    },
    async (request) => previewCatalogueImport(app.db, requireUser(request).id, request.body, app.config.currency, request.i18n),
  );

  app.post(
    '/api/seller/catalogue/imports',
    {
      schema: { body: ZApplyCatalogueImportRequest, response: { 200: ZApplyCatalogueImportResponse } },
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      preValidation: sellerOnly,
    },
    async (request) => applyCatalogueImport(app.db, requireUser(request).id, request.body, app.config.currency, request.i18n),
  );
};
