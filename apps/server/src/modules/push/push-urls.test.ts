import { describe, expect, it } from 'vitest';
import { buildVapidSubject, isAllowedPushEndpoint } from './push-urls';

describe('isAllowedPushEndpoint', () => {
  const publicServer = 'https://market.example.com';
  const localServer = 'http://127.0.0.1:3000';

  it('accepts the https push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, publicServer), endpoint).toBe(true);
    }
  });

  it('on a public server refuses plain http, IP addresses, loopback names and credentials', () => {
    for (const endpoint of [
      'http://push.example.com/abc',
      'https://192.168.1.10/abc',
      'https://[fd00::1]/abc',
      'https://localhost/abc',
      'https://app.localhost/abc',
      'https://user:secret@push.example.com/abc',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, publicServer), endpoint).toBe(false);
    }
  });

  it('on a loopback server also accepts a plain-http loopback endpoint (local tests), but not a remote http one', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:4567/push/1', localServer)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:4567/push/1', 'http://localhost:3000')).toBe(true);
    expect(isAllowedPushEndpoint('http://push.example.com/abc', localServer)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', localServer)).toBe(true);
  });
});

describe('buildVapidSubject', () => {
  it('uses the public https origin as the contact', () => {
    expect(buildVapidSubject('https://market.example.com/app')).toBe('https://market.example.com');
  });

  it('falls back to a mailto on the host for local or plain-http servers', () => {
    expect(buildVapidSubject('http://localhost:3000')).toBe('mailto:webmaster@localhost');
    expect(buildVapidSubject('http://192.168.1.5:3000')).toBe('mailto:webmaster@192.168.1.5');
  });
});
