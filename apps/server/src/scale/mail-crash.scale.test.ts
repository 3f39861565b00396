import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { crashEngines, crashServerEnv, withCrashReader, type CrashEngine } from './crash-engines';
import { spawnServerProcess, type SpawnedServerProcess } from './server-process';
import { callApi } from './write-burst';

/**
 * Issue 25 item 7, "kill -9 with mails queued, restart, each delivered once", literally: a real
 * server process on PGlite sends through a real SMTP server in this process (smtp-server) that first
 * holds every message: it reads the whole DATA and never answers, so the process is waiting for the
 * 250 of the first password-reset mail while the other three wait in the outbox behind it. Then
 * SIGKILL, before any 250. The SMTP server starts accepting; the server restarts on the same data
 * folder; its worker sends the queued mails at once and the one the dead worker had claimed when that
 * claim ends (MAIL_CLAIM_SECONDS, short here). Every outbox row arrives exactly once (counted by its
 * Message-ID, `<outbox id@domain>`) and is marked sent. On PGlite and on PostgreSQL, side by side
 * (each mostly waits on its server's starts).
 */
// A start takes seconds on an idle machine, over a minute under the suite's load.
const START_TIMEOUT_MS = 240_000;
const CLAIM_SECONDS = 2;
const FROM_DOMAIN = 'mailkill.pulse.market';
const PASSWORD = 'stone-river-mango-42';
const PEOPLE = ['ama', 'kofi', 'esi', 'yaw'].map((name) => ({ email: `${name}@mailkill.example`, username: `mailkill_${name}` }));

interface Arrival {
  messageId: string;
  to: string;
  subject: string;
}

/** The SMTP server of the test: holds every message (never answers its DATA) until `accepting`. */
async function startHoldingSmtp() {
  const held: Arrival[] = [];
  const accepted: Arrival[] = [];
  let accepting = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const arrival = { messageId: parsed.messageId ?? '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), subject: parsed.subject ?? '' };
          if (!accepting) {
            // Everything read, no answer: the sender waits for a 250 that never comes.
            held.push(arrival);
            return;
          }
          accepted.push(arrival);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    held,
    accepted,
    accept() {
      accepting = true;
    },
    close: () => Promise.race([new Promise<void>((resolve) => server.close(() => resolve())), new Promise<void>((resolve) => setTimeout(resolve, 5_000))]),
  };
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const servers: SpawnedServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
const engines = crashEngines('pulse-mailkill-');

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup();
  await engines.dispose();
});

async function killWithMailsQueued(engine: CrashEngine, people: typeof PEOPLE): Promise<void> {
  const smtp = await startHoldingSmtp();
  cleanups.push(smtp.close);
  const launch = async () => {
    const server = await spawnServerProcess({
      ...crashServerEnv(engine),
      SMTP_URL: smtp.url,
      MAIL_FROM: `Pulse Market <no-reply@${FROM_DOMAIN}>`,
      MAIL_WORKER: 'on',
      MAIL_CLAIM_SECONDS: String(CLAIM_SECONDS),
    });
    servers.push(server);
    await server.waitUntilHealthy(START_TIMEOUT_MS);
    return server;
  };

  const first = await launch();
  for (const person of people) {
    const registered = await callApi(first.baseUrl, '/api/auth/register', { method: 'POST', body: { ...person, password: PASSWORD } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  }
  // Each 202 comes after the commit of the reset link and its outbox row.
  for (const person of people) {
    const asked = await callApi(first.baseUrl, '/api/auth/password-reset', { method: 'POST', body: { email: person.email } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  }
  // The worker is inside its first SMTP exchange, waiting for the 250.
  await waitFor('the first mail to reach the SMTP server', () => smtp.held.length > 0, 20_000);
  await first.kill();
  expect(smtp.accepted, 'no mail was accepted before the kill').toHaveLength(0);
  const heldIds = smtp.held.map((arrival) => arrival.messageId);

  smtp.accept();
  const second = await launch();
  const restartedAt = Date.now();
  // Every person's reset mail (the last each asked for: sign-up may have queued others before it).
  // And the mail in flight at the kill, sent again once the dead worker's claim ended.
  const arrived = () =>
    people.every((person) => smtp.accepted.some((arrival) => arrival.to === person.email && /password/i.test(arrival.subject))) &&
    smtp.accepted.some((arrival) => arrival.messageId === heldIds[0]);
  await waitFor(`the ${people.length} reset mails and the one in flight to arrive after the restart`, arrived, 30_000);
  console.info(`${engine.name}: every reset mail arrived ${Date.now() - restartedAt} ms after the restarted server answered (claim ${CLAIM_SECONDS} s)`);
  // Stopped, the server sends nothing more: what arrived is final.
  await second.stop();

  const rows = await withCrashReader(engine, (reader) =>
    reader.rows<{ id: string; to_address: string; status: string; attempts: number }>('select id, to_address, status, attempts from mail_outbox order by created_at'),
  );

  expect([...new Set(rows.map((row) => row.to_address))].sort()).toEqual(people.map((person) => person.email).sort());
  const messageIdOf = (id: string) => `<${id}@${FROM_DOMAIN}>`;
  for (const row of rows) {
    expect(row.status, `outbox row to ${row.to_address}`).toBe('sent');
    const arrivals = smtp.accepted.filter((arrival) => arrival.messageId === messageIdOf(row.id));
    expect(arrivals, `arrivals of the mail to ${row.to_address}`).toHaveLength(1);
    expect(arrivals[0]!.to).toBe(row.to_address);
  }
  expect(smtp.accepted).toHaveLength(rows.length);
  // The mail in flight at the kill was an outbox row, tried again after its claim ended.
  expect(heldIds).toHaveLength(1);
  const inFlight = rows.find((row) => messageIdOf(row.id) === heldIds[0]);
  expect(inFlight, `the held mail ${heldIds[0]} is one of the outbox rows`).toBeDefined();
  expect(inFlight!.attempts).toBe(2);
}

// The engines run side by side: two SMTP servers, two data folders, different people.
describe.concurrent('mail outbox across kill -9', () => {
  // Two server starts on a loaded machine may take minutes; the walk itself is seconds.
  for (const [index, engineName] of (['PGlite', 'PostgreSQL'] as const).entries()) {
    it(`on ${engineName}: mails queued and in flight when the server is killed before any 250 each arrive exactly once after the restart`, { timeout: 3 * START_TIMEOUT_MS }, async (context) => {
      context.onTestFailed(() => {
        for (const server of servers) console.error(`--- server process ${server.pid} ---\n${server.output.slice(-12_000)}`);
      });
      const engine = engineName === 'PGlite' ? await engines.pglite() : await engines.postgres();
      await killWithMailsQueued(engine, PEOPLE.map((person) => ({ email: person.email.replace('@', `+${index}@`), username: `${person.username}${index}` })));
    });
  }
});
