import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBulkProductUpdateRequest,
  ZBulkProductUpdateResponse,
  ZProductDetails,
  ZProductIdParams,
  ZProductInput,
  ZProductListQuery,
  ZProductListResponse,
  ZProductPatch,
  ZSellerProductListQuery,
} from '@pulse/contract/products';
import { domainEvents } from '../../lib/domain-events';
import { requireUser } from '../../plugins/auth';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import type { StandingProductWithdrawnEvent } from '../standing-orders/standing-order-events';
import { sendCatalogueRead } from './products-http-cache';
import { publicResponseKey } from './products-response-cache';
import {
  archiveProduct,
  bulkUpdateProducts,
  createProduct,
  getProductForViewer,
  listProducts,
  listSellerProducts,
  requireSeller,
  updateProduct,
} from './products-service';

/**
 * Listing pages are built field by field by toSummary (typed by the contract's TProductSummary),
 * so they skip zod's re-validation on the way out and are stringified straight away: at 1,000
 * pages/s that validation was ~10% of the process's CPU. The API tests parse these responses
 * with ZProductListResponse to keep the promise.
 */
const listingSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * The catalogue: public listing/search and details; sellers create, edit and archive their own
 * products (another seller's product answers 404, a non-seller 403). The public reads carry an
 * ETag and cache headers and come from a short per-process cache (decision 018), signed in or not
 * (decision 057).
 */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The seller's list, create, edit and archive refuse visitors (401) and non-sellers (403) before validation.
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => requireSeller(app.db, requireUser(request))];
  // A product paused or archived: its weekly baskets' buyers are told (decision 064).
  const announceWithdrawn = (event: StandingProductWithdrawnEvent) => domainEvents.publishAfterCommit(app, 'standing_order.product_withdrawn', event);

  app.get(
    '/api/products',
    { schema: { querystring: ZProductListQuery, response: { 200: ZProductListResponse } }, serializerCompiler: listingSerializer },
    async (request, reply) =>
      sendCatalogueRead(app.db, request, reply, publicResponseKey('/api/products', request.query), () =>
        listProducts(app.db, request.query, app.config.currency),
      ),
  );

  app.get(
    '/api/seller/products',
    {
      schema: { querystring: ZSellerProductListQuery, response: { 200: ZProductListResponse } },
      serializerCompiler: listingSerializer,
      preValidation: sellerOnly,
    },
    async (request) => listSellerProducts(app.db, requireUser(request), request.query, app.config.currency),
  );

  // Bulk price/stock edit. 401/403 before the body is validated (an applicant learns nothing from it).
  app.patch(
    '/api/seller/products',
    {
      schema: { body: ZBulkProductUpdateRequest, response: { 200: ZBulkProductUpdateResponse } },
      preValidation: [app.authenticate, async (request: FastifyRequest) => assertApprovedSeller(app.db, requireUser(request))],
    },
    async (request) => bulkUpdateProducts(app.db, requireUser(request), request.body, app.config.currency),
  );

  app.get(
    '/api/products/:productId',
    { schema: { params: ZProductIdParams, response: { 200: ZProductDetails } } },
    async (request, reply) => {
      const productId = request.params.productId.toLowerCase();
      // The session is looked up only when the public answer is 404: a seller may be asking for their own draft.
      return sendCatalogueRead(
        app.db,
        request,
        reply,
        publicResponseKey(`/api/products/${productId}`, {}),
        () => getProductForViewer(app.db, productId, null, app.config.currency),
        async () => {
          await app.identify(request, reply);
          return getProductForViewer(app.db, productId, request.user?.id ?? null, app.config.currency);
        },
      );
    },
  );

  app.post(
    '/api/products',
    { schema: { body: ZProductInput, response: { 201: ZProductDetails } }, preValidation: sellerOnly },
    async (request, reply) => reply.code(201).send(await createProduct(app.db, requireUser(request), request.body, app.config.currency)),
  );

  app.patch(
    '/api/products/:productId',
    { schema: { params: ZProductIdParams, body: ZProductPatch, response: { 200: ZProductDetails } }, preValidation: sellerOnly },
    async (request) =>
      updateProduct(app.db, requireUser(request), request.params.productId.toLowerCase(), request.body, app.config.currency, announceWithdrawn),
  );

  app.delete(
    '/api/products/:productId',
    { schema: { params: ZProductIdParams }, preValidation: sellerOnly },
    async (request, reply) => {
      await archiveProduct(app.db, requireUser(request), request.params.productId.toLowerCase(), announceWithdrawn);
      return reply.code(204).send();
    },
  );
};
