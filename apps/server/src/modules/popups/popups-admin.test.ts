import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POPUP_CTA_PAIR_MESSAGE,
  POPUP_URL_MESSAGE,
  POPUP_WINDOW_MESSAGE,
  type TAdminPopup,
  ZAdminPopup,
  ZGetActivePopupsResponse,
  ZListAdminPopupsResponse,
} from '@pulse/contract/popups';
import { addUserRole } from '../auth/users-repository';
import { bearer, registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { POPUP_NOT_FOUND_MESSAGE, POPUPS_ADMIN_ONLY_MESSAGE } from './popups-service';

let testApp: TestApp;
let adminToken: string;
let buyerToken: string;
const hour = 3_600_000;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await registerTestUser(testApp.app);
  await addUserRole(testApp.database.orm, admin.user.id, 'admin');
  adminToken = admin.token;
  buyerToken = (await registerTestUser(testApp.app)).token;
});

afterAll(async () => {
  await testApp.close();
});

function inject(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: unknown) {
  return testApp.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createAsAdmin(payload: Record<string, unknown>): Promise<TAdminPopup> {
  const response = await inject('POST', '/api/admin/popups', adminToken, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ZAdminPopup.parse(response.json());
}

async function activeTitles(token: string | null): Promise<string[]> {
  const response = await inject('GET', '/api/popups/active', token);
  return ZGetActivePopupsResponse.parse(response.json()).map((popup) => popup.title);
}

describe('popups admin API: who may use it', () => {
  it('answers 401 to a visitor and 403 to a buyer on every route, before looking at the body', async () => {
    const target = await createAsAdmin({ title: 'Harvest week', message: 'Fresh from the farms' });
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['GET', '/api/admin/popups', undefined],
      ['POST', '/api/admin/popups', { title: '' }],
      ['PATCH', `/api/admin/popups/${target.id}`, { title: 'Taken over' }],
      ['DELETE', `/api/admin/popups/${target.id}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await inject(method, url, null, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const buyer = await inject(method, url, buyerToken, payload);
      expect(buyer.statusCode, `${method} ${url}`).toBe(403);
      expect(buyer.json()).toEqual({ error: { code: 'forbidden', message: POPUPS_ADMIN_ONLY_MESSAGE } });
    }
    expect(await activeTitles(null)).toContain('Harvest week');
  });
});

describe('popups admin API: create, edit, list, delete', () => {
  it('creates a popup with defaults that is live at once for everyone', async () => {
    const created = await createAsAdmin({ title: 'Welcome', message: 'Try the new honey shop' });
    expect(created).toMatchObject({ title: 'Welcome', target_audience: 'all', image_url: null, cta_label: null, cta_url: null, ends_at: null });
    expect(Math.abs(new Date(created.starts_at).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await activeTitles(null)).toContain('Welcome');
    expect(await activeTitles(buyerToken)).toContain('Welcome');
  });

  it('schedules a popup for one audience and shows it only inside its window', async () => {
    const future = await createAsAdmin({
      title: 'Spring market',
      message: 'Opens next week',
      target_audience: 'logged_in',
      image_url: '/uploads/spring.webp',
      cta_label: 'See stalls',
      cta_url: 'https://market.example.com/spring',
      starts_at: new Date(Date.now() + hour).toISOString(),
      ends_at: new Date(Date.now() + 2 * hour).toISOString(),
    });
    expect(future).toMatchObject({ image_url: '/uploads/spring.webp', cta_label: 'See stalls', target_audience: 'logged_in' });
    expect(await activeTitles(buyerToken)).not.toContain('Spring market');

    const started = await inject('PATCH', `/api/admin/popups/${future.id}`, adminToken, { starts_at: new Date(Date.now() - hour).toISOString() });
    expect(started.statusCode).toBe(200);
    expect(await activeTitles(buyerToken)).toContain('Spring market');
    expect(await activeTitles(null)).not.toContain('Spring market');

    const ended = await inject('PATCH', `/api/admin/popups/${future.id}`, adminToken, { ends_at: new Date(Date.now() - 1000).toISOString() });
    expect(ended.statusCode).toBe(200);
    expect(await activeTitles(buyerToken)).not.toContain('Spring market');
  });

  it('edits only the fields sent and moves updated_at forward', async () => {
    const created = await createAsAdmin({ title: 'Old title', message: 'Body stays', cta_label: 'Go', cta_url: '/product-listing' });
    const response = await inject('PATCH', `/api/admin/popups/${created.id}`, adminToken, { title: 'New title', target_audience: 'logged_out' });
    expect(response.statusCode).toBe(200);
    const edited = ZAdminPopup.parse(response.json());
    expect(edited).toMatchObject({ title: 'New title', message: 'Body stays', cta_url: '/product-listing', target_audience: 'logged_out' });
    expect(new Date(edited.updated_at).getTime()).toBeGreaterThan(new Date(created.updated_at).getTime());
    expect(edited.created_at).toBe(created.created_at);
  });

  it('lists every popup, scheduled and ended ones too, latest start first', async () => {
    const later = await createAsAdmin({ title: 'Later', message: 'm', starts_at: new Date(Date.now() + 5 * hour).toISOString() });
    const past = await createAsAdmin({
      title: 'Past',
      message: 'm',
      starts_at: new Date(Date.now() - 5 * hour).toISOString(),
      ends_at: new Date(Date.now() - 4 * hour).toISOString(),
    });
    const response = await inject('GET', '/api/admin/popups', adminToken);
    const ids = ZListAdminPopupsResponse.parse(response.json()).map((popup) => popup.id);
    expect(ids[0]).toBe(later.id);
    expect(ids.at(-1)).toBe(past.id);
  });

  it('deletes a popup, which then neither lists nor shows, and a second delete is 404', async () => {
    const doomed = await createAsAdmin({ title: 'Flash sale', message: 'Today only' });
    const response = await inject('DELETE', `/api/admin/popups/${doomed.id}`, adminToken);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await activeTitles(null)).not.toContain('Flash sale');
    const list = ZListAdminPopupsResponse.parse((await inject('GET', '/api/admin/popups', adminToken)).json());
    expect(list.map((popup) => popup.id)).not.toContain(doomed.id);
    const again = await inject('DELETE', `/api/admin/popups/${doomed.id}`, adminToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: POPUP_NOT_FOUND_MESSAGE } });
    const edit = await inject('PATCH', `/api/admin/popups/${doomed.id}`, adminToken, { title: 'Back' });
    expect(edit.statusCode).toBe(404);
  });
});

describe('popups admin API: validation', () => {
  const valid = { title: 'T', message: 'M' };

  it.each([
    ['an empty title', { ...valid, title: '  ' }, 'title'],
    ['a missing message', { title: 'T' }, 'message'],
    ['an unknown audience', { ...valid, target_audience: 'farmers' }, 'target_audience'],
    ['a plain-http link', { ...valid, cta_label: 'Go', cta_url: 'http://example.com' }, 'cta_url'],
    ['a javascript: link', { ...valid, cta_label: 'Go', cta_url: 'javascript:alert(1)' }, 'cta_url'],
    ['a protocol-relative image', { ...valid, image_url: '//evil.example.com/x.png' }, 'image_url'],
    ['a date that is not a date', { ...valid, starts_at: 'tomorrow' }, 'starts_at'],
    ['an unknown field', { ...valid, priority: 1 }, null],
  ])('refuses %s with 400', async (_name, payload, field) => {
    const response = await inject('POST', '/api/admin/popups', adminToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    if (field) expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
  });

  it('names the URL rule in the field message', async () => {
    const response = await inject('POST', '/api/admin/popups', adminToken, { ...valid, image_url: 'ftp://example.com/a.png' });
    expect(response.json().error.fields).toEqual({ image_url: POPUP_URL_MESSAGE });
  });

  it('refuses an end that is not after the start, on create and on an edit of one side', async () => {
    const start = new Date(Date.now() + hour).toISOString();
    const create = await inject('POST', '/api/admin/popups', adminToken, { ...valid, starts_at: start, ends_at: start });
    expect(create.statusCode).toBe(400);
    expect(create.json().error.fields).toEqual({ ends_at: POPUP_WINDOW_MESSAGE });

    const popup = await createAsAdmin({ ...valid, starts_at: start, ends_at: new Date(Date.now() + 3 * hour).toISOString() });
    const edit = await inject('PATCH', `/api/admin/popups/${popup.id}`, adminToken, { starts_at: new Date(Date.now() + 4 * hour).toISOString() });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toEqual({ ends_at: POPUP_WINDOW_MESSAGE });
  });

  it('refuses a button with a label but no link', async () => {
    const response = await inject('POST', '/api/admin/popups', adminToken, { ...valid, cta_label: 'Shop now' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ cta_url: POPUP_CTA_PAIR_MESSAGE });
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    expect((await inject('PATCH', '/api/admin/popups/42', adminToken, { title: 'x' })).statusCode).toBe(400);
    expect((await inject('DELETE', '/api/admin/popups/0190a8f2-0000-7000-8000-000000000000', adminToken)).statusCode).toBe(404);
  });
});
