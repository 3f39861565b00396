import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGetActivePopupsResponse } from '@pulse/contract/popups';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { insertPopup } from './popups-repository';

let testApp: TestApp;
const hour = 3_600_000;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.orm;
  const now = Date.now();
  const live = { startsAt: new Date(now - hour), endsAt: new Date(now + hour) };
  await insertPopup(db, { title: 'Everyone, older', message: 'm', targetAudience: 'all', ...live, updatedAt: new Date(now - 3 * hour) });
  await insertPopup(db, { title: 'Members', message: 'm', targetAudience: 'logged_in', ...live, updatedAt: new Date(now - 2 * hour) });
  await insertPopup(db, { title: 'Visitors', message: 'm', targetAudience: 'logged_out', ...live, updatedAt: new Date(now - 2 * hour) });
  await insertPopup(db, { title: 'Everyone, newest', message: 'm', targetAudience: 'all', startsAt: new Date(now - hour), endsAt: null, updatedAt: new Date(now - hour) });
  await insertPopup(db, { title: 'Ended', message: 'm', targetAudience: 'all', startsAt: new Date(now - 5 * hour), endsAt: new Date(now - hour) });
  await insertPopup(db, { title: 'Not yet', message: 'm', targetAudience: 'all', startsAt: new Date(now + hour), endsAt: null });
});

afterAll(async () => {
  await testApp.close();
});

function titles(body: unknown): string[] {
  return ZGetActivePopupsResponse.parse(body).map((popup) => popup.title);
}

describe('GET /api/popups/active', () => {
  it('shows a visitor the live popups for everyone and for visitors, newest update first', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/popups/active' });
    expect(response.statusCode).toBe(200);
    expect(titles(response.json())).toEqual(['Everyone, newest', 'Visitors', 'Everyone, older']);
  });

  it('shows a signed-in user the popups for everyone and for members', async () => {
    const { token } = await registerTestUser(testApp.app);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/popups/active', headers: bearer(token) });
    expect(titles(response.json())).toEqual(['Everyone, newest', 'Members', 'Everyone, older']);
  });

  it('treats a stale token as a visitor instead of failing', async () => {
    const { token } = await registerTestUser(testApp.app);
    await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/popups/active', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(titles(response.json())).toContain('Visitors');
  });

  it('carries the fields the shell needs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/popups/active' });
    const [first] = ZGetActivePopupsResponse.parse(response.json());
    expect(first).toMatchObject({ target_audience: 'all', ends_at: null, image_url: null, cta_label: null, cta_url: null });
    expect(new Date(first?.updated_at ?? '').getTime()).toBeLessThan(Date.now());
  });
});
