import { setPasswordHashingForTests } from '../modules/auth/password-hashing';

/**
 * Setup file of the server tests (vitest.config.ts): argon2id at its smallest cost instead of the
 * production 19 MiB and 2 passes (about 2 ms a hash instead of about 50, and the suites sign up
 * thousands of accounts). The production parameters are checked in password-hashing.test.ts, and
 * the server processes of the scale and browser suites hash with them.
 */
setPasswordHashingForTests({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
