import { API_URL } from '../config/env';

/** Uploaded pictures are served by the API host; absolute URLs are left as they are. */
export function resolveMediaUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${API_URL}${url}` : url;
}
