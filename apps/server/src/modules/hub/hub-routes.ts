import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZComment,
  ZCommentPage,
  ZCommentPageQuery,
  ZCreateCommentInput,
  ZCreatePostInput,
  ZFollowResponse,
  ZHubProfile,
  ZLikeResponse,
  ZPost,
  ZPostPage,
  ZPostPageQuery,
  ZUpdateCommentInput,
  ZUpdateHubProfileInput,
  ZUpdatePostInput,
} from '@pulse/contract/hub';
import { ZIdParams } from '@pulse/contract/ids';
import { requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/rate-limits';
import { createComment, deleteComment, listComments, updateComment } from './hub-comments-service';
import { getFeedPage } from './hub-feed';
import { setCommentLike, setPostLike } from './hub-likes-service';
import { createPost, deletePost, getPost, updatePost } from './hub-posts-service';
import { getProfile, getProfilePosts, setFollow, updateOwnProfile } from './hub-profiles-service';

const ZUsernameParams = z.object({ username: z.string().trim().min(1, { message: 'Give a username' }).max(100) });

/**
 * Pulse Hub (decision 022): posts, the feed, comments, likes, follows and profiles. Every route
 * needs a signed-in session; a suspended account's sessions are refused by `authenticate` (401).
 */
export const hubRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { preValidation: app.authenticate };

  // ----- Posts and feed -----
  app.post(
    '/api/hub/posts',
    { schema: { body: ZCreatePostInput, response: { 200: ZPost, 201: ZPost } }, ...signedIn, config: { rateLimit: rateLimitFor(app.config, 'hubPost') } },
    async (request, reply) => {
      const { post, created } = await createPost(app, requireUser(request), request.body);
      return reply.code(created ? 201 : 200).send(post);
    },
  );
  app.get('/api/hub/posts/:id', { schema: { params: ZIdParams, response: { 200: ZPost } }, ...signedIn }, async (request) =>
    getPost(app, requireUser(request), request.params.id),
  );
  app.patch('/api/hub/posts/:id', { schema: { params: ZIdParams, body: ZUpdatePostInput, response: { 200: ZPost } }, ...signedIn }, async (request) =>
    updatePost(app, requireUser(request), request.params.id, request.body),
  );
  app.delete('/api/hub/posts/:id', { schema: { params: ZIdParams }, ...signedIn }, async (request, reply) => {
    await deletePost(app, requireUser(request), request.params.id);
    return reply.code(204).send();
  });
  app.get('/api/hub/feed', { schema: { querystring: ZPostPageQuery, response: { 200: ZPostPage } }, ...signedIn }, async (request) =>
    getFeedPage(app, requireUser(request).id, request.query),
  );

  // ----- Likes -----
  for (const liked of [true, false]) {
    const method = liked ? 'PUT' : 'DELETE';
    app.route({
      method,
      url: '/api/hub/posts/:id/like',
      schema: { params: ZIdParams, response: { 200: ZLikeResponse } },
      ...signedIn,
      handler: async (request) => setPostLike(app, requireUser(request), request.params.id, liked),
    });
    app.route({
      method,
      url: '/api/hub/comments/:id/like',
      schema: { params: ZIdParams, response: { 200: ZLikeResponse } },
      ...signedIn,
      handler: async (request) => setCommentLike(app, requireUser(request), request.params.id, liked),
    });
  }

  // ----- Comments -----
  app.get(
    '/api/hub/posts/:id/comments',
    { schema: { params: ZIdParams, querystring: ZCommentPageQuery, response: { 200: ZCommentPage } }, ...signedIn },
    async (request) => listComments(app, requireUser(request), request.params.id, request.query),
  );
  app.post(
    '/api/hub/posts/:id/comments',
    {
      schema: { params: ZIdParams, body: ZCreateCommentInput, response: { 201: ZComment } },
      ...signedIn,
      config: { rateLimit: rateLimitFor(app.config, 'hubComment') },
    },
    async (request, reply) => reply.code(201).send(await createComment(app, requireUser(request), request.params.id, request.body)),
  );
  app.patch(
    '/api/hub/comments/:id',
    { schema: { params: ZIdParams, body: ZUpdateCommentInput, response: { 200: ZComment } }, ...signedIn },
    async (request) => updateComment(app, requireUser(request), request.params.id, request.body),
  );
  app.delete('/api/hub/comments/:id', { schema: { params: ZIdParams }, ...signedIn }, async (request, reply) => {
    await deleteComment(app, requireUser(request), request.params.id);
    return reply.code(204).send();
  });

  // ----- Follows and profiles -----
  for (const following of [true, false]) {
    app.route({
      method: following ? 'PUT' : 'DELETE',
      url: '/api/hub/users/:username/follow',
      schema: { params: ZUsernameParams, response: { 200: ZFollowResponse } },
      ...signedIn,
      handler: async (request) => setFollow(app, requireUser(request), request.params.username, following),
    });
  }
  app.get('/api/hub/profiles/:username', { schema: { params: ZUsernameParams, response: { 200: ZHubProfile } }, ...signedIn }, async (request) =>
    getProfile(app, requireUser(request), request.params.username),
  );
  app.get(
    '/api/hub/profiles/:username/posts',
    { schema: { params: ZUsernameParams, querystring: ZPostPageQuery, response: { 200: ZPostPage } }, ...signedIn },
    async (request) => getProfilePosts(app, requireUser(request), request.params.username, request.query),
  );
  app.patch('/api/hub/profile', { schema: { body: ZUpdateHubProfileInput, response: { 200: ZHubProfile } }, ...signedIn }, async (request) =>
    updateOwnProfile(app, requireUser(request), request.body),
  );
};
