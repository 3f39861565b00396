import type { FastifyInstance } from 'fastify';

/** A file attached to a mail, rendered when the mail is sent. */
export interface MailAttachmentFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Renders the file `ref` names (an order's id...) in the recipient's `language`; throws when it cannot. */
export type MailAttachmentRenderer = (app: FastifyInstance, ref: string, language: string) => Promise<MailAttachmentFile>;

const renderers = new Map<string, MailAttachmentRenderer>();

/**
 * Who renders the attachments of `kind` (order_receipt...). The module that owns the file registers
 * (documents for the receipt PDF): mail names what to attach and never imports it (decision 052).
 * Registering again replaces.
 */
export function registerMailAttachment(kind: string, render: MailAttachmentRenderer): void {
  renderers.set(kind, render);
}

/** The outbox row's `attachment` value: `<kind>:<ref>@<language>`. */
export function mailAttachmentName(kind: string, ref: string, language: string): string {
  return `${kind}:${ref}@${language}`;
}

export function parseMailAttachmentName(name: string): { kind: string; ref: string; language: string } | null {
  const match = /^([a-z_]+):(.+)@([A-Za-z-]+)$/.exec(name);
  return match ? { kind: match[1] as string, ref: match[2] as string, language: match[3] as string } : null;
}

/** Renders the attachment an outbox row names; throws when it is malformed, of no registered kind or its renderer fails. */
export async function renderMailAttachment(app: FastifyInstance, name: string): Promise<MailAttachmentFile> {
  const parsed = parseMailAttachmentName(name);
  if (!parsed) throw new Error(`Malformed mail attachment "${name}"`);
  const render = renderers.get(parsed.kind);
  if (!render) throw new Error(`No renderer registered for mail attachments of kind "${parsed.kind}"`);
  return render(app, parsed.ref, parsed.language);
}
