import { parseArgs } from 'node:util';
import { startPaystackDouble, type PaystackDouble } from './server';

/**
 * The double as its own process (the browser suite's webServer, the demo):
 *   tsx packages/paystack-double/src/cli.ts --port 4320 --secret sk_test_double \
 *     --webhook-url http://127.0.0.1:4310/api/payments/paystack/webhook
 * Prints "Paystack double listening on <url>" when ready; GET /__double/health answers 200.
 */

const USAGE = `Usage: tsx packages/paystack-double/src/cli.ts [options]
  --port <n>                 port (default 4320; 0 picks a free one)
  --host <address>           address to listen on (default 127.0.0.1)
  --secret <key>             the secret key the server uses (default sk_test_double)
  --webhook-url <url>        where signed webhooks go
  --transfer-mode <mode>     manual (default) or auto-success
  --transfer-delay-ms <n>    auto-success delay (default 3000)
  --momo-timeout-ms <n>      how long a charge to a phone ending 2222 waits before timing out (default 0)
  --public-url <url>         the address put in authorization_url (default http://host:port)
  --openapi <file>           Paystack's OpenAPI document (default PAYSTACK_OPENAPI or ../shared/vendor/paystack-openapi/paystack.yaml)`;

interface CliOptions {
  port: number;
  host: string;
  secret: string;
  webhookUrl: string | undefined;
  transferMode: 'manual' | 'auto-success';
  transferDelayMs: number;
  momoTimeoutMs: number;
  publicUrl: string | undefined;
  openapi: string | undefined;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, not "${value}"`);
  return Number(value);
}

function parseCliOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      secret: { type: 'string' },
      'webhook-url': { type: 'string' },
      'transfer-mode': { type: 'string' },
      'transfer-delay-ms': { type: 'string' },
      'momo-timeout-ms': { type: 'string' },
      'public-url': { type: 'string' },
      openapi: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const transferMode = values['transfer-mode'] ?? 'manual';
  if (transferMode !== 'manual' && transferMode !== 'auto-success') throw new Error(`--transfer-mode must be manual or auto-success, not "${transferMode}"`);
  return {
    port: integer('port', values.port, 4320),
    host: values.host ?? '127.0.0.1',
    secret: values.secret ?? 'sk_test_double',
    webhookUrl: values['webhook-url'],
    transferMode,
    transferDelayMs: integer('transfer-delay-ms', values['transfer-delay-ms'], 3000),
    momoTimeoutMs: integer('momo-timeout-ms', values['momo-timeout-ms'], 0),
    publicUrl: values['public-url'],
    openapi: values.openapi,
  };
}

async function startFromCli(options: CliOptions): Promise<PaystackDouble> {
  return startPaystackDouble({
    port: options.port,
    host: options.host,
    secretKey: options.secret,
    webhookUrl: options.webhookUrl,
    transferMode: options.transferMode,
    transferDelayMs: options.transferDelayMs,
    mobileMoneyTimeoutMs: options.momoTimeoutMs,
    publicUrl: options.publicUrl,
    openapiPath: options.openapi,
    log: (line) => console.error(line),
  });
}

async function main(): Promise<void> {
  let double: PaystackDouble;
  try {
    double = await startFromCli(parseCliOptions(process.argv.slice(2)));
  } catch (error) {
    console.error((error as Error).message);
    console.error(USAGE);
    process.exit(1);
  }
  console.log(`Paystack double listening on ${double.url}`);
  const stop = () => {
    const count = double.violations().length;
    if (count > 0) console.error(`Paystack double: ${count} violation(s) recorded; GET /__double/violations lists them.`);
    double.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
