import { msg } from '@lingui/core/runtime-macro';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ZEmail, ZNewPassword, ZUsername } from '@pulse/contract/auth';
import { ZSellerStatus } from '@pulse/contract/sellers';
import type { Database } from '../../db/client';
import { DomainError, NotFoundError } from '../../errors/domain-errors';
import { createLocalUser } from '../auth/auth-service';
import { addUserRole, findUserByEmail } from '../auth/users-repository';
import { setSellerStatus } from '../sellers/sellers-service';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --email E --username U --password P [--role admin|seller|agent]
      Create an e-mail + password account (a buyer), optionally with one more role.
  grant-role --email E --role admin|seller|agent
      Give an existing user a role.
  set-seller-status --email E --status approved|pending|rejected [--business NAME] [--reason R]
      Create or update the user's seller application; approved also grants the seller role.
      A rejection needs a reason.
  help
      Show this text.

The database is the one the server uses (DATABASE_URL, or the embedded one in DATA_DIR).
With the embedded database, stop the server first: only one process may open it.`;

const ZGrantableRole = z.enum(['admin', 'seller', 'agent'], { message: 'must be admin, seller or agent' });

/** Thrown for a mistake on the command line; the message is shown as is. */
class UsageError extends Error {}

export interface AdminCommandIo {
  /** Opened only for commands that need it, so `help` works without a database. */
  openDatabase(): Promise<Database>;
  print(line: string): void;
  printError(line: string): void;
}

function requireOption<T>(schema: z.ZodType<T>, value: string | undefined, option: string): T {
  if (value === undefined) throw new UsageError(`--${option} is required.`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--${option}: ${parsed.error.issues[0]?.message ?? 'invalid value'}.`);
  return parsed.data;
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: false,
      strict: true,
      options: {
        email: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        status: { type: 'string' },
        business: { type: 'string' },
        reason: { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function withDatabase<T>(io: AdminCommandIo, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await io.openDatabase();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function runCommand(command: string, args: string[], io: AdminCommandIo): Promise<void> {
  switch (command) {
    case 'create-user': {
      const options = parseOptions(args);
      const email = requireOption(ZEmail, options.email, 'email');
      const username = requireOption(ZUsername, options.username, 'username');
      const password = requireOption(ZNewPassword, options.password, 'password');
      const role = options.role === undefined ? undefined : requireOption(ZGrantableRole, options.role, 'role');
      await withDatabase(io, async ({ orm }) => {
        const user = await createLocalUser(orm, { email, username, password, ...(role ? { roles: ['buyer', role] } : {}) });
        io.print(`Created user ${user.username} <${user.email}> (id ${user.id}) with roles: ${user.roles.join(', ')}.`);
      });
      return;
    }
    case 'grant-role': {
      const options = parseOptions(args);
      const email = requireOption(ZEmail, options.email, 'email');
      const role = requireOption(ZGrantableRole, options.role, 'role');
      await withDatabase(io, async ({ orm }) => {
        const user = await findUserByEmail(orm, email);
        if (!user) throw new NotFoundError(msg`No user has the e-mail ${{ email }}.`);
        const updated = await addUserRole(orm, user.id, role);
        io.print(`${user.username} <${user.email}> now has roles: ${(updated ?? user).roles.join(', ')}.`);
      });
      return;
    }
    case 'set-seller-status': {
      const options = parseOptions(args);
      const email = requireOption(ZEmail, options.email, 'email');
      const status = requireOption(ZSellerStatus, options.status, 'status');
      await withDatabase(io, async ({ orm }) => {
        const { application, user } = await setSellerStatus(orm, {
          email,
          status,
          businessName: options.business,
          rejectionReason: options.reason,
        });
        const reason = application.rejectionReason ? ` Reason: ${application.rejectionReason}` : '';
        io.print(
          `Seller application of ${user.username} <${user.email}> for "${application.businessName}" is now ${application.status}.${reason}` +
            ` Roles: ${user.roles.join(', ')}.`,
        );
      });
      return;
    }
    case 'help':
    case '--help':
    case '-h':
      io.print(ADMIN_USAGE);
      return;
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${ADMIN_USAGE}`);
  }
}

/** Runs one admin command; returns the process exit code (0 success, 1 failure). */
export async function runAdminCommand(argv: string[], io: AdminCommandIo): Promise<number> {
  const [command, ...args] = argv;
  if (!command) {
    io.printError(ADMIN_USAGE);
    return 1;
  }
  try {
    await runCommand(command, args, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof DomainError) {
      const fields = error instanceof DomainError && error.fields ? Object.values(error.fields).filter((text) => text !== error.message) : [];
      io.printError(`Error: ${[error.message, ...fields].join(' ')}`);
      return 1;
    }
    throw error;
  }
}
