/** base64url (padding optional) to bytes: the VAPID public key as pushManager.subscribe takes it. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether a subscription was made with this server key; one made with an old key gets no pushes. */
export function isSameServerKey(subscriptionKey: ArrayBuffer | null | undefined, serverKey: Uint8Array): boolean {
  if (!subscriptionKey) return false;
  const existing = new Uint8Array(subscriptionKey);
  return existing.length === serverKey.length && existing.every((byte, index) => byte === serverKey[index]);
}
