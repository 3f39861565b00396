import { ConfigError, loadConfig } from './config';
import { createDb, DatabaseDamagedError, DatabaseLockedError } from './db/client';
import { migrate } from './db/migrate';
import { runAdminCommand } from './modules/admin/admin-commands';

async function openConfiguredDatabase() {
  const database = await createDb(loadConfig());
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

runAdminCommand(process.argv.slice(2), {
  openDatabase: openConfiguredDatabase,
  print: (line) => console.log(line),
  printError: (line) => console.error(line),
})
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof DatabaseDamagedError) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error('Error: the command failed unexpectedly.', error);
    }
    process.exit(1);
  });
