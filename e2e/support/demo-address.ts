/**
 * Where the suite's demo server (start-demo-server.ts) answers. Kept apart from fixtures-demo.ts,
 * which imports the server's seed: playwright.config.ts reads this file on every run.
 * E2E_DEMO_PORT lets a second checkout run the suite beside this one.
 */
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 4312);
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
