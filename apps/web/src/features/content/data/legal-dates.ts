/** Both legal documents were revised together; change this only with a real revision of their text. */
export const LEGAL_LAST_UPDATED = '2026-11-22';
