// The ceiling: a bare Fastify route answering fixed JSON, run beside the real server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { data: [{ id: 1, first_name: 'Maryam', last_name: 'Ahmadi' }], current_page: 1, last_page: 1, per_page: 10, total: 1, from: 1, to: 1 };
app.get('/', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
