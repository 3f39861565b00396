import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPaystackDouble } from './server';

/**
 * `npm run dev:paystack`: the app taking "real" payments from the Paystack double, for a demo.
 * Starts the double on port 4320 (transfers paid after 3 s), then the app (`npm start`: build and
 * start; `npm run dev:paystack -- --no-build` skips the build) with PAYMENT_PROVIDER=paystack
 * pointed at the double. The double's webhooks go to the app's /api/payments/paystack/webhook.
 */

const SECRET_KEY = 'sk_test_double';
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const appPort = Number(process.env.PORT ?? 3000);
const skipBuild = process.argv.includes('--no-build');

const double = await startPaystackDouble({
  port: Number(process.env.PAYSTACK_DOUBLE_PORT ?? 4320),
  secretKey: SECRET_KEY,
  webhookUrl: `http://127.0.0.1:${appPort}/api/payments/paystack/webhook`,
  transferMode: 'auto-success',
  transferDelayMs: 3000,
  // A phone number ending 2222 never approves: the charge times out after 15 s, as a real one would later.
  mobileMoneyTimeoutMs: 15_000,
  log: (line) => console.error(line),
});
console.log(`Paystack double listening on ${double.url} (secret key ${SECRET_KEY}; webhooks to port ${appPort})`);

const app = spawn('npm', skipBuild ? ['run', 'start', '-w', '@pulse/server'] : ['start'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: SECRET_KEY, PAYSTACK_BASE_URL: double.url },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => app.kill(signal));
}

app.on('exit', (code, signal) => {
  const violations = double.violations();
  if (violations.length > 0) {
    console.error(`Paystack double: ${violations.length} request(s) did not match Paystack's OpenAPI document:`);
    for (const v of violations) console.error(`- ${v.method} ${v.path}: ${v.problem}`);
  }
  void double.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
