import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateDiscountCodeRequest,
  ZDiscountCodeParams,
  ZDiscountCodeResponse,
  ZListDiscountCodesResponse,
  ZUpdateDiscountCodeRequest,
} from '@pulse/contract/discounts';
import { requireUser } from '../../plugins/auth';
import { assertAdmin, assertApprovedSeller } from '../seller-dashboard/seller-access';
import { changeCode, createCode, listCodes } from './discounts-service';

/**
 * Discount codes (decision 062): a farm manages its own codes, an admin the platform's. A code of
 * another farm (or a platform code asked for by a farm) is "not found".
 */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => assertApprovedSeller(app.db, requireUser(request))];
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];
  const currency = app.config.currency;

  app.get('/api/seller/discount-codes', { schema: { response: { 200: ZListDiscountCodesResponse } }, preValidation: sellerOnly }, async (request) => ({
    codes: await listCodes(app.db, requireUser(request).id, currency),
    currency,
  }));
  app.post(
    '/api/seller/discount-codes',
    { schema: { body: ZCreateDiscountCodeRequest, response: { 201: ZDiscountCodeResponse } }, preValidation: sellerOnly },
    async (request, reply) => reply.code(201).send(await createCode(app.db, requireUser(request).id, request.body, currency)),
  );
  app.patch(
    '/api/seller/discount-codes/:codeId',
    { schema: { params: ZDiscountCodeParams, body: ZUpdateDiscountCodeRequest, response: { 200: ZDiscountCodeResponse } }, preValidation: sellerOnly },
    async (request) => changeCode(app.db, requireUser(request).id, request.params.codeId, request.body, currency),
  );

  app.get('/api/admin/discount-codes', { schema: { response: { 200: ZListDiscountCodesResponse } }, preValidation: adminOnly }, async () => ({
    codes: await listCodes(app.db, null, currency),
    currency,
  }));
  app.post(
    '/api/admin/discount-codes',
    { schema: { body: ZCreateDiscountCodeRequest, response: { 201: ZDiscountCodeResponse } }, preValidation: adminOnly },
    async (request, reply) => reply.code(201).send(await createCode(app.db, null, request.body, currency)),
  );
  app.patch(
    '/api/admin/discount-codes/:codeId',
    { schema: { params: ZDiscountCodeParams, body: ZUpdateDiscountCodeRequest, response: { 200: ZDiscountCodeResponse } }, preValidation: adminOnly },
    async (request) => changeCode(app.db, null, request.params.codeId, request.body, currency),
  );
};
