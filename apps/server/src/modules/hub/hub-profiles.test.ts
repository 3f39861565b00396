import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_SELF_MESSAGE, PROFILE_NOT_FOUND_MESSAGE, ZFollowResponse, ZHubProfile, ZPost } from '@pulse/contract/hub';
import { sellerProfiles } from '../../db/schema/seller-profiles';
import { users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { privateUploadFor } from '../agents/testing/agent-fixtures';
import { createSeller } from '../orders/testing/order-fixtures';
import { PROFILE_PHOTO_NOT_YOURS_MESSAGE } from './hub-profiles-service';
import { createHubPost, createHubUser, hidePost, hubRequest, publicUploadFor } from './testing/hub-fixtures';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('Pulse Hub follows', () => {
  it('follow and unfollow are idempotent and move the follower count; following oneself is refused; an unknown name is 404', async () => {
    const ama = await createHubUser(testApp.app);
    const kofi = await createHubUser(testApp.app);
    const esi = await createHubUser(testApp.app);

    const first = await hubRequest(testApp.app, ama, 'PUT', `/api/hub/users/${kofi.username}/follow`);
    expect(first.statusCode).toBe(200);
    expect(ZFollowResponse.parse(first.json())).toEqual({ following: true, followerCount: 1 });
    expect((await hubRequest(testApp.app, ama, 'PUT', `/api/hub/users/${kofi.username.toUpperCase()}/follow`)).json()).toEqual({ following: true, followerCount: 1 });
    expect((await hubRequest(testApp.app, esi, 'PUT', `/api/hub/users/${kofi.username}/follow`)).json()).toEqual({ following: true, followerCount: 2 });
    expect((await hubRequest(testApp.app, esi, 'DELETE', `/api/hub/users/${kofi.username}/follow`)).json()).toEqual({ following: false, followerCount: 1 });
    expect((await hubRequest(testApp.app, esi, 'DELETE', `/api/hub/users/${kofi.username}/follow`)).json()).toEqual({ following: false, followerCount: 1 });

    const self = await hubRequest(testApp.app, ama, 'PUT', `/api/hub/users/${ama.username}/follow`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(FOLLOW_SELF_MESSAGE);
    const unknown = await hubRequest(testApp.app, ama, 'PUT', '/api/hub/users/nobody-here-at-all/follow');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(PROFILE_NOT_FOUND_MESSAGE);

    const profile = ZHubProfile.parse((await hubRequest(testApp.app, ama, 'GET', `/api/hub/profiles/${kofi.username}`)).json());
    expect(profile).toMatchObject({ followerCount: 1, followingCount: 0, followedByMe: true, isMe: false });
    const own = ZHubProfile.parse((await hubRequest(testApp.app, ama, 'GET', `/api/hub/profiles/${ama.username}`)).json());
    expect(own).toMatchObject({ followerCount: 0, followingCount: 1, followedByMe: false, isMe: true });
  });
});

describe('Pulse Hub profiles', () => {
  it('shows name, bio, profession, the legacy badge, post count (own hidden counted for the owner only) and the farm shop of a seller', async () => {
    const seller = await createSeller(testApp.app, 'Volta Valley Farm');
    await testApp.app.db.update(users).set({ isLegacyCreator: true, bio: 'Cassava since 1998', profession: 'Farmer' }).where(eq(users.id, seller.id));
    await createHubPost(testApp.app, seller);
    const hidden = await createHubPost(testApp.app, seller);
    await hidePost(testApp.app, hidden.id);
    const reader = await createHubUser(testApp.app);

    const seen = ZHubProfile.parse((await hubRequest(testApp.app, reader, 'GET', `/api/hub/profiles/${seller.username}`)).json());
    expect(seen).toMatchObject({
      id: seller.id,
      username: seller.username,
      bio: 'Cassava since 1998',
      profession: 'Farmer',
      is_legacy_creator: true,
      postCount: 1,
      shop: { sellerUserId: seller.id, farmName: 'Volta Valley Farm' },
    });
    const own = ZHubProfile.parse((await hubRequest(testApp.app, seller, 'GET', `/api/hub/profiles/${seller.username}`)).json());
    expect(own.postCount).toBe(2);

    // The shop profile's name wins over the application's business name once it exists.
    await testApp.app.db.insert(sellerProfiles).values({ userId: seller.id, shopName: 'Volta Valley Organics' });
    expect((await hubRequest(testApp.app, reader, 'GET', `/api/hub/profiles/${seller.username}`)).json().shop).toEqual({
      sellerUserId: seller.id,
      farmName: 'Volta Valley Organics',
    });

    expect((await hubRequest(testApp.app, reader, 'GET', `/api/hub/profiles/${reader.username}`)).json().shop).toBeNull();
    const unknown = await hubRequest(testApp.app, reader, 'GET', '/api/hub/profiles/no-such-person');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(PROFILE_NOT_FOUND_MESSAGE);
    expect((await hubRequest(testApp.app, reader, 'GET', '/api/hub/profiles/no-such-person/posts')).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/hub/profiles/${seller.username}` })).statusCode).toBe(401);
  });

  it('one edits one’s own bio, profession and photo; /api/auth/me and new posts show them; someone else’s or a private upload is refused', async () => {
    const user = await createHubUser(testApp.app);
    const other = await createHubUser(testApp.app);
    const photo = await publicUploadFor(testApp.app, user.id);

    const updated = await hubRequest(testApp.app, user, 'PATCH', '/api/hub/profile', { bio: '  Beekeeper in Ho  ', profession: 'Apiarist', photoUploadId: photo });
    expect(updated.statusCode).toBe(200);
    expect(ZHubProfile.parse(updated.json())).toMatchObject({
      bio: 'Beekeeper in Ho',
      profession: 'Apiarist',
      profile_picture_url: `/uploads/images/${photo}.webp`,
      isMe: true,
    });
    const me = (await hubRequest(testApp.app, user, 'GET', '/api/auth/me')).json();
    expect(me.user ?? me).toMatchObject({ bio: 'Beekeeper in Ho', profession: 'Apiarist', profile_picture_url: `/uploads/images/${photo}.webp` });
    const post = ZPost.parse((await hubRequest(testApp.app, user, 'GET', `/api/hub/posts/${(await createHubPost(testApp.app, user)).id}`)).json());
    expect(post.author).toMatchObject({ profession: 'Apiarist', profile_picture_url: `/uploads/images/${photo}.webp` });

    // Only what is given changes; empty text and null clear.
    const cleared = await hubRequest(testApp.app, user, 'PATCH', '/api/hub/profile', { bio: '', photoUploadId: null });
    expect(cleared.json()).toMatchObject({ bio: null, profession: 'Apiarist', profile_picture_url: null });

    for (const uploadId of [await publicUploadFor(testApp.app, other.id), await privateUploadFor(testApp.app, user.id)]) {
      const refused = await hubRequest(testApp.app, user, 'PATCH', '/api/hub/profile', { photoUploadId: uploadId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.photoUploadId).toBe(PROFILE_PHOTO_NOT_YOURS_MESSAGE);
    }
    const tooLong = await hubRequest(testApp.app, user, 'PATCH', '/api/hub/profile', { bio: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('Bio is too long (300 characters at most)');
  });
});
