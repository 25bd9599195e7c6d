import { createServer, type Server, type Socket } from 'node:net';

/**
 * A tiny SMTP server on 127.0.0.1 port 0 that accepts every message and records it: enough for
 * nodemailer's plain (no TLS, no auth) conversation, so the SMTP path is tested with no network.
 * Options make it refuse: a whole connection (an outage: `421 try later` as its greeting), or
 * one recipient (`550 no such user` to RCPT TO).
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtpOptions {
  /** A reply such as '421 4.3.2 Try again later' refuses the connection; undefined accepts it. */
  greeting?: () => string | undefined;
  /** A reply such as '550 5.1.1 No such user' refuses the recipient; undefined accepts it. */
  recipient?: (address: string) => string | undefined;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** Connections opened, refused ones included (each is one delivery try). */
  connections: number;
  close(): Promise<void>;
}

function serve(socket: Socket, received: ReceivedMail[], options: FakeSmtpOptions): void {
  let buffer = '';
  let inData = false;
  let current: ReceivedMail = { from: '', to: [], data: '' };
  const reply = (line: string) => socket.write(`${line}\r\n`);
  const refusal = options.greeting?.();
  if (refusal !== undefined) {
    socket.on('error', () => undefined);
    socket.end(`${refusal}\r\n`);
    return;
  }
  reply('220 fake-smtp ready');

  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        current.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        received.push(current);
        current = { from: '', to: [], data: '' };
        reply('250 OK: queued');
        continue;
      }
      const lineEnd = buffer.indexOf('\r\n');
      if (lineEnd === -1) return;
      const line = buffer.slice(0, lineEnd);
      buffer = buffer.slice(lineEnd + 2);
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
      else if (command === 'HELO') reply('250 fake-smtp');
      else if (command === 'MAIL') {
        current.from = line.slice(10);
        reply('250 OK');
      } else if (command === 'RCPT') {
        const address = line.slice(8);
        const refused = options.recipient?.(address.replace(/^<|>$/g, ''));
        if (refused === undefined) {
          current.to.push(address);
          reply('250 OK');
        } else reply(refused);
      } else if (command === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (command === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else reply('250 OK');
    }
  });
  socket.on('error', () => undefined);
}

export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, received, options);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake SMTP did not bind');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
