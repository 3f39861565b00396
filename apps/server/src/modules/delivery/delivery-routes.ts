import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClaimTaskResponse,
  ZDeliverTaskRequest,
  ZDeliverTaskResponse,
  ZDeliveryTaskParams,
  ZFailTaskRequest,
  ZFailTaskResponse,
  ZGetDeliveryTaskResponse,
  ZGetOrderDeliveryResponse,
  ZListMyTasksQuery,
  ZListMyTasksResponse,
  ZListOpenTasksQuery,
  ZListOpenTasksResponse,
  ZPickupTaskRequest,
  ZPickupTaskResponse,
  ZPostPositionRequest,
  ZReleaseTaskRequest,
  ZReleaseTaskResponse,
  ZReopenTaskResponse,
  ZReturnTaskResponse,
} from '@pulse/contract/delivery';
import { ZOrderParams } from '@pulse/contract/orders';
import { requireUser } from '../../plugins/auth';
import { assertDeliveryAgent } from '../agents/agents-service';
import {
  claimTask,
  deliverTask,
  failTask,
  getOrderDelivery,
  getTask,
  listMyTasks,
  listOpenTasks,
  pickupTask,
  postPosition,
  releaseTask,
  resolveFailedTask,
} from './delivery-service';

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  // 401, then 403 for anyone but an approved delivery agent, before the request is validated.
  const auth = { preValidation: [app.authenticate, async (request: FastifyRequest) => void (await assertDeliveryAgent(app.db, requireUser(request)))] };
  // The farm's steps (reopen/return) and the order's delivery: signed in; not yours is 404 in the service.
  const signedIn = { preValidation: app.authenticate };

  app.get('/api/delivery/tasks/open', { schema: { querystring: ZListOpenTasksQuery, response: { 200: ZListOpenTasksResponse } }, ...auth }, async (request) =>
    listOpenTasks(app.db, requireUser(request), request.query.limit),
  );
  app.get('/api/delivery/tasks/mine', { schema: { querystring: ZListMyTasksQuery, response: { 200: ZListMyTasksResponse } }, ...auth }, async (request) =>
    listMyTasks(app, requireUser(request), request.query.scope),
  );
  app.get('/api/delivery/tasks/:id', { schema: { params: ZDeliveryTaskParams, response: { 200: ZGetDeliveryTaskResponse } }, ...auth }, async (request) =>
    getTask(app.db, requireUser(request), request.params.id),
  );
  app.post('/api/delivery/tasks/:id/claim', { schema: { params: ZDeliveryTaskParams, response: { 200: ZClaimTaskResponse } }, ...auth }, async (request) =>
    claimTask(app, requireUser(request), request.params.id),
  );
  app.post(
    '/api/delivery/tasks/:id/release',
    { schema: { params: ZDeliveryTaskParams, body: ZReleaseTaskRequest, response: { 200: ZReleaseTaskResponse } }, ...auth },
    async (request) => releaseTask(app, requireUser(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/delivery/tasks/:id/pickup',
    { schema: { params: ZDeliveryTaskParams, body: ZPickupTaskRequest, response: { 200: ZPickupTaskResponse } }, ...auth },
    async (request) => pickupTask(app, requireUser(request), request.params.id, request.body.code),
  );
  app.post('/api/delivery/tasks/:id/position', { schema: { params: ZDeliveryTaskParams, body: ZPostPositionRequest }, ...auth }, async (request, reply) => {
    await postPosition(app, requireUser(request), request.params.id, request.body);
    return reply.code(204).send();
  });
  app.post(
    '/api/delivery/tasks/:id/deliver',
    { schema: { params: ZDeliveryTaskParams, body: ZDeliverTaskRequest, response: { 200: ZDeliverTaskResponse } }, ...auth },
    async (request) => deliverTask(app, requireUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/delivery/tasks/:id/fail',
    { schema: { params: ZDeliveryTaskParams, body: ZFailTaskRequest, response: { 200: ZFailTaskResponse } }, ...auth },
    async (request) => failTask(app, requireUser(request), request.params.id, request.body),
  );
  app.post('/api/delivery/tasks/:id/reopen', { schema: { params: ZDeliveryTaskParams, response: { 200: ZReopenTaskResponse } }, ...signedIn }, async (request) =>
    resolveFailedTask(app, requireUser(request), request.params.id, 'reopen'),
  );
  app.post('/api/delivery/tasks/:id/return', { schema: { params: ZDeliveryTaskParams, response: { 200: ZReturnTaskResponse } }, ...signedIn }, async (request) =>
    resolveFailedTask(app, requireUser(request), request.params.id, 'return'),
  );
  app.get('/api/orders/:orderId/delivery', { schema: { params: ZOrderParams, response: { 200: ZGetOrderDeliveryResponse } }, ...signedIn }, async (request) =>
    getOrderDelivery(app.db, requireUser(request), request.params.orderId),
  );
};
