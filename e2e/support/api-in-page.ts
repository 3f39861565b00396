import { deflateSync, crc32 } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

export interface InPageResponse<T> {
  status: number;
  body: T;
}

/**
 * Calls the API from inside the page, as the app does: the session cookie, plus the stored token
 * when this tab has one. For steps the app has no screen for yet (starting a conversation with a
 * given person) and for reading what the server stored.
 */
export async function callApiInPage<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<InPageResponse<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const token = sessionStorage.getItem('jwt_token');
      if (token) headers.Authorization = `Bearer ${token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(path, {
        method,
        headers,
        credentials: 'include',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

/** The id of the person signed in on this page (GET /api/auth/me). */
export async function readSignedInUserId(page: Page): Promise<string> {
  const response = await callApiInPage<{ user: { id: string } }>(page, 'GET', '/api/auth/me');
  expect(response.status, 'GET /api/auth/me').toBe(200);
  return response.body.user.id;
}

/** Opens (or reuses) the conversation between the page's person and `otherUserId`; returns its id. */
export async function startConversationFromPage(page: Page, otherUserId: string): Promise<string> {
  const response = await callApiInPage<{ id: string }>(page, 'POST', '/api/conversations', { otherUserId });
  expect([200, 201], 'POST /api/conversations').toContain(response.status);
  return response.body.id;
}

/** Every message of a conversation as the server stored it (first page, up to 100). */
export async function readStoredMessages(page: Page, conversationId: string): Promise<Array<{ body: string; imageUrl: string | null }>> {
  const response = await callApiInPage<{ items: Array<{ body: string; imageUrl: string | null }> }>(
    page,
    'GET',
    `/api/conversations/${conversationId}/messages?limit=100`,
  );
  expect(response.status, 'GET /api/conversations/:id/messages').toBe(200);
  return response.body.items;
}

function createPngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/**
 * A real PNG (the server decodes uploads, so a renamed text file would be refused): a square of one
 * colour, built here rather than kept as a binary in the repository.
 */
export function createSolidPng(size = 24, rgb: [number, number, number] = [46, 158, 91]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    createPngChunk('IHDR', header),
    createPngChunk('IDAT', deflateSync(pixels)),
    createPngChunk('IEND', Buffer.alloc(0)),
  ]);
}
