import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiErrorResponse } from '@pulse/contract/errors';
import { bearer, registerTestUser } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ token } = await registerTestUser(testApp.app));
});

afterAll(async () => {
  await testApp.close();
});

function expectErrorShape(body: unknown) {
  return ZApiErrorResponse.strict().parse(body).error;
}

describe('bad input never causes a 5xx', () => {
  it('malformed JSON -> 400 with a clear message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorShape(response.json())).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON.' });
  });

  it('a JSON value that is not an object -> 400 validation_failed', async () => {
    for (const payload of ['"hello"', 'null', '[1,2]', '42']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(expectErrorShape(response.json())).toMatchObject({ code: 'validation_failed', message: 'The request body must be a JSON object.' });
    }
  });

  it('wrong content type -> 415 with the error shape', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(response.statusCode).toBe(415);
    expect(expectErrorShape(response.json()).code).toBe('bad_request');
  });

  it('a 2 MB body -> 413 payload_too_large', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'big@example.com', username: 'big', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(expectErrorShape(response.json())).toEqual({ code: 'payload_too_large', message: 'The request body is too large.' });
  });

  it('wrong types -> 400 with messages keyed by field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 12, password: ['a'] },
    });
    expect(response.statusCode).toBe(400);
    const error = expectErrorShape(response.json());
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({ email: 'Enter your e-mail address', password: 'Enter your password' });
  });

  it('an invalid e-mail gets a readable message', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ama@', password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(expectErrorShape(response.json())).toEqual({
      code: 'validation_failed',
      message: 'Enter a valid e-mail address',
      fields: { email: 'Enter a valid e-mail address' },
    });
  });

  it('a prototype-poisoning body is refused with 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json());
  });

  it('malformed ids -> 400 naming the parameter', async () => {
    for (const id of ['not-a-uuid', '1', "1'%20or%20'1'='1", '00000000-0000-0000-0000-00000000000g']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${id}`, headers: bearer(token) });
      expect(response.statusCode, id).toBe(400);
      expect(expectErrorShape(response.json())).toMatchObject({ code: 'validation_failed', fields: { userId: 'Must be a valid id' } });
    }
  });

  it('a very long path parameter is a 4xx, not a crash', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/sellers/${'a'.repeat(5000)}`, headers: bearer(token) });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorShape(response.json());
  });

  it('unknown API routes -> 404 not_found, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await testApp.app.inject({ method, url: '/api/does-not-exist', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(expectErrorShape(response.json()).code).toBe('not_found');
    }
  });

  it('a bad Authorization header is a 401, not a 500', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer a.b.c', `Bearer ${'x'.repeat(4000)}`]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 20)).toBe(401);
    }
  });
});

describe('unexpected failures', () => {
  it('answer 500 internal_error with the spec message and no internal detail', async () => {
    const broken = await createTestApp();
    try {
      // The database going away is the kind of failure a client must not learn details of.
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(500);
      // The spec's sentence to the letter; the request id beside it (also the X-Request-Id header) for support.
      expect(response.json()).toEqual({
        error: { code: 'internal_error', message: 'An unexpected error occurred on the server. Please try again later.', reference: response.headers['x-request-id'] },
      });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await broken.close();
    }
  });
});

describe('security headers and CORS', () => {
  it('sends a CSP that lets the built app run and allows the configured origin with credentials', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3000' },
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('img-src');
    expect(csp).toMatch(/connect-src 'self' ws: wss:/);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    // The page may read the request id to quote it (issue 29).
    expect(response.headers['access-control-expose-headers']).toBe('X-Request-Id');
  });

  it('does not allow an unknown origin', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
