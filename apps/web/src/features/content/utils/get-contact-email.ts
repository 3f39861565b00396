// A reserved .example domain until the operator sets a real mailbox, so no stranger's address is printed.
const DEFAULT_CONTACT_EMAIL = 'hello@pulsemarket.example';

export function getContactEmail(): string {
  const configured: unknown = import.meta.env.VITE_CONTACT_EMAIL;
  return typeof configured === 'string' && configured.includes('@') ? configured.trim() : DEFAULT_CONTACT_EMAIL;
}
