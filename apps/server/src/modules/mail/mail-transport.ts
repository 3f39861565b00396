import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { MEMORY_DATA_DIR, type Config } from '../../config';

/** One mail as the worker hands it to the transport. */
export interface OutgoingMail {
  /** The outbox row's id: also the Message-ID's left part, so a re-sent mail is recognisable. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  links: string[];
  /** The one-click unsubscribe address: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  unsubscribeUrl?: string | null;
  /** Files rendered at send time (the buyer's receipt PDF). */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

export interface MailSender {
  /** Resolves once the server accepted the mail (SMTP 250) or the file is written; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How long one SMTP step may take; the worker's claim on a row lasts well beyond the sum. */
export const SMTP_TIMEOUT_MS = 20_000;

/** `<outbox id@the From address's domain>`. */
export function messageIdFor(config: Pick<Config, 'mail'>, id: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(config.mail.from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

/** Where mails go without SMTP_URL (null with an in-memory database: tests log only). */
export function mailFolderOf(config: Pick<Config, 'dataDir'>): string | null {
  return config.dataDir === MEMORY_DATA_DIR ? null : join(config.dataDir, 'mail');
}

/**
 * SMTP_URL set: nodemailer's SMTP transport (STARTTLS or smtps as the URL says). Unset: nodemailer
 * builds the same message as a stream, written to DATA_DIR/mail/<time>-<id>.eml, and the log says
 * its subject and links, so a newcomer without a mail server can still follow a reset link.
 */
export function createMailSender(config: Pick<Config, 'mail' | 'dataDir'>, log: FastifyBaseLogger): MailSender {
  const smtpUrl = config.mail.smtpUrl;
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = mailFolderOf(config);

  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: config.mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: messageIdFor(config, mail.id),
        ...(mail.attachments?.length
          ? { attachments: mail.attachments.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: file.content })) }
          : {}),
        ...(mail.unsubscribeUrl
          ? { headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
      if (smtpUrl) return;
      let file: string | null = null;
      if (folder) {
        await mkdir(folder, { recursive: true });
        file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
        await writeFile(file, (info as { message: Buffer }).message);
      }
      log.info(
        { mailId: mail.id, to: mail.to, subject: mail.subject, links: mail.links, file },
        `Mail to ${mail.to} (no SMTP_URL, written to ${file ?? 'nowhere: in-memory database'}): "${mail.subject}"${mail.links.map((link) => ` ${link}`).join('')}`,
      );
    },
    close() {
      transport.close();
    },
  };
}
