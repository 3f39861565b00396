import Fastify from 'fastify';

// The yardstick: the same framework with nothing but a JSON route, so the app's figures read as a ratio.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 4401), host: '127.0.0.1' });
