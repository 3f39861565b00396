/**
 * A server of its own for the mail walks (tests/account-mail.spec.ts: password reset, address check): one buyer with a
 * known password, mail sent through the real SMTP server the spec runs (SMTP_URL) by the outbox
 * worker of this process (MAIL_WORKER=on). Started by the spec as a child process (tsx): PORT,
 * SMTP_URL and MAIL_DATA_DIR come from the spec.
 */
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { MAIL_BUYER } from './mail-data';
import { startSeededServer } from './start-seeded-server';

startSeededServer({
  name: 'mail',
  dataDirVariable: 'MAIL_DATA_DIR',
  seed: async (db) => {
    await createLocalUser(db, { email: MAIL_BUYER.email, username: MAIL_BUYER.username, password: MAIL_BUYER.password });
  },
  env: { MAIL_WORKER: 'on', MAIL_FROM: 'Pulse Market <no-reply@e2e.pulse.market>' },
});
