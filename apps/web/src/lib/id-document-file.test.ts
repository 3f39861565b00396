import { describe, expect, it } from 'vitest';
import { getImageAttachmentError, ID_DOCUMENT_MAX_BYTES } from './id-document-file';

describe('ID document file check', () => {
  it('accepts a photo, refuses PDFs, empty files and files over the cap', () => {
    expect(getImageAttachmentError({ type: 'image/png', size: 2048 })).toBeNull();
    expect(getImageAttachmentError({ type: 'application/pdf', size: 2048 })).toBe('Choose a JPEG, PNG, WebP or GIF photo of your ID.');
    expect(getImageAttachmentError({ type: 'image/jpeg', size: 0 })).toBe('This photo is empty.');
    expect(getImageAttachmentError({ type: 'image/jpeg', size: ID_DOCUMENT_MAX_BYTES + 1 })).toBe('Photos can be up to 5 MB.');
  });
});
