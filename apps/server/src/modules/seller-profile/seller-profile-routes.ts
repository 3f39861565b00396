import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSellerProfile, ZShopParams, ZUpdateSellerProfileRequest } from '@pulse/contract/seller-profile';
import { requireUser } from '../../plugins/auth';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import { getOwnSellerProfile, getPublicShop, updateOwnSellerProfile } from './seller-profile-service';

/** The seller's shop: their own at /seller-profile (approved sellers), and the public shop page. */
export const sellerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: 401/403 come first, whatever the body.
  const approvedSellerOnly = [app.authenticate, async (request: FastifyRequest) => assertApprovedSeller(app.db, requireUser(request))];

  app.get(
    '/api/seller/profile',
    { schema: { response: { 200: ZSellerProfile } }, preValidation: approvedSellerOnly },
    async (request) => getOwnSellerProfile(app.db, requireUser(request)),
  );

  app.put(
    '/api/seller/profile',
    { schema: { body: ZUpdateSellerProfileRequest, response: { 200: ZSellerProfile } }, preValidation: approvedSellerOnly },
    async (request) => updateOwnSellerProfile(app.db, requireUser(request), request.body),
  );

  app.get(
    '/api/shops/:sellerId',
    { schema: { params: ZShopParams, response: { 200: ZSellerProfile } } },
    async (request) => getPublicShop(app.db, request.params.sellerId.toLowerCase()),
  );
};
