import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestUser } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW_SECONDS: '900' });
});

afterAll(async () => {
  await testApp.close();
});

function attemptLogin(email: string, password: string, remoteAddress: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

describe('sign-in rate limit', () => {
  it('locks one e-mail after N attempts, whatever the IP, with Retry-After and minutes in the message', async () => {
    const victim = await registerTestUser(testApp.app);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const response = await attemptLogin(victim.user.email, 'wrong-guess-123', ip);
      expect(response.statusCode).toBe(401);
    }
    // Even the right password is refused while the e-mail is locked.
    const locked = await attemptLogin(victim.user.email, victim.password, '10.0.0.4');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(locked.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many sign-in attempts. Try again in 15 minutes.' } });
  });

  it('stops a brute force on one e-mail from one address too', async () => {
    const victim = await registerTestUser(testApp.app);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await attemptLogin(victim.user.email, `wrong-guess-${attempt}`, '10.1.0.1')).statusCode).toBe(401);
    expect((await attemptLogin(victim.user.email, 'wrong-guess-4', '10.1.0.1')).statusCode).toBe(429);
    expect((await attemptLogin(victim.user.email, victim.password, '10.1.0.1')).statusCode).toBe(429);
  });

  it('lets a whole town behind one address sign in: successful sign-ins do not use up the address', async () => {
    // 11 people, far more than LOGIN_RATE_LIMIT (3 here), each signing in once or twice.
    const town = await Promise.all(Array.from({ length: 11 }, () => registerTestUser(testApp.app)));
    const ip = '10.1.1.1';
    for (const person of town) expect((await attemptLogin(person.user.email, person.password, ip)).statusCode).toBe(200);
    // A few typos among them do not lock the others out either.
    expect((await attemptLogin(town[0]!.user.email, 'typo-typo-1', ip)).statusCode).toBe(401);
    expect((await attemptLogin(town[1]!.user.email, 'typo-typo-2', ip)).statusCode).toBe(401);
    for (const person of town) expect((await attemptLogin(person.user.email, person.password, ip)).statusCode).toBe(200);
  });

  it('locks an address after 10 x LOGIN_RATE_LIMIT failed attempts across e-mails, and only that address', async () => {
    const ip = '10.1.2.1';
    // 30 wrong passwords, each for another e-mail, so no e-mail counter is the one that stops it.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await attemptLogin(`stuffed-${attempt}@example.com`, 'guess-guess-1', ip)).statusCode).toBe(401);
    }
    const person = await registerTestUser(testApp.app);
    const locked = await attemptLogin(person.user.email, person.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/) as unknown });
    expect((await attemptLogin(person.user.email, person.password, '10.1.2.2')).statusCode).toBe(200);
  });

  it('leaves other IPs and e-mails alone', async () => {
    const bystander = await registerTestUser(testApp.app);
    const response = await attemptLogin(bystander.user.email, bystander.password, '10.2.2.2');
    expect(response.statusCode).toBe(200);
  });

  it('counts the e-mail however it is capitalised', async () => {
    const target = await registerTestUser(testApp.app);
    const variants = [target.user.email, target.user.email.toUpperCase(), ` ${target.user.email}`];
    for (const [index, email] of variants.entries()) {
      await attemptLogin(email, 'wrong-guess-123', `10.3.3.${index + 1}`);
    }
    const locked = await attemptLogin(target.user.email, target.password, '10.3.3.9');
    expect(locked.statusCode).toBe(429);
  });
});
