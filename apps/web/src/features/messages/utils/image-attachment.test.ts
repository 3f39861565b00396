import { describe, expect, it } from 'vitest';
import { getImageAttachmentError } from './image-attachment';

describe('image attachments', () => {
  it('accepts the usual photo formats up to 5 MB', () => {
    expect(getImageAttachmentError({ type: 'image/jpeg', size: 2_000_000 })).toBeNull();
    expect(getImageAttachmentError({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other files and larger pictures with a reason', () => {
    expect(getImageAttachmentError({ type: 'application/pdf', size: 1000 })).toBe('Choose a JPEG, PNG, WebP or GIF picture.');
    expect(getImageAttachmentError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('Pictures can be up to 5 MB.');
    expect(getImageAttachmentError({ type: 'image/png', size: 0 })).toBe('This picture is empty.');
  });
});
