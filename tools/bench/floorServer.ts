import { createServer } from 'node:http';

/**
 * The throughput floor of the server benchmark: a bare node:http server that answers every request
 * with one constant JSON body (the same bytes the status endpoint sends for a completed order).
 * `tsx tools/bench/floorServer.ts <port> <body>`; prints "ready" when listening.
 */
const [port = '0', body = '{"status":"open"}'] = process.argv.slice(2);
const bytes = Buffer.from(body);
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
  });
  response.end(bytes);
});
// The same accept queue as the site's server (server/main.ts), so both take the same bursts.
server.listen({ port: Number(port), host: '127.0.0.1', backlog: 2048 }, () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
