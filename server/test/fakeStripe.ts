import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';

/**
 * A local stand-in for api.stripe.com (node:http on port 0): records every request the Stripe SDK
 * sends and answers the two Checkout Session calls the adapter makes with plausible JSON.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  form: URLSearchParams;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  client_secret: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  mode: 'payment';
  ui_mode: string;
  return_url: string;
  customer_email: string;
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
  expires_at: number;
}

export interface FakeStripe {
  port: number;
  /** The settings that point a server's Stripe client at this fake (plain http on 127.0.0.1). */
  env: Record<string, string>;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** Set a session's status as if the customer acted in Stripe's page. */
  update(id: string, change: Partial<Pick<FakeSession, 'status' | 'payment_status'>>): FakeSession;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  let counter = 0;

  const server: Server = createServer(async (request, response) => {
    const rawBody = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const form = new URLSearchParams(rawBody);
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      rawBody,
      form,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_fake_${requests.length}`,
      });
      response.end(JSON.stringify(body));
    };

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if ((form.get('customer_email') ?? '').startsWith('stripe-refuses')) {
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Fake Stripe refuses this session' },
        });
      }
      counter += 1;
      const id = `cs_test_fake${counter}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        client_secret: `${id}_secret_fake${counter}`,
        status: 'open',
        payment_status: 'unpaid',
        mode: 'payment',
        ui_mode: form.get('ui_mode') ?? 'hosted_page',
        return_url: form.get('return_url') ?? '',
        customer_email: form.get('customer_email') ?? '',
        client_reference_id: form.get('client_reference_id'),
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        metadata: metadataOf(form),
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        expires_at: Number(form.get('expires_at') ?? 0),
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve?.[1]) {
      const session = sessions.get(retrieve[1]);
      if (session) return send(200, session);
      return send(404, {
        error: { type: 'invalid_request_error', message: 'No such checkout.session' },
      });
    }
    return send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Stripe did not bind');
  return {
    port: address.port,
    env: {
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(address.port),
      STRIPE_API_PROTOCOL: 'http',
    },
    requests,
    sessions,
    update(id, change) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      Object.assign(session, change);
      return session;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const signer = new Stripe('sk_test_only_for_signing');

export interface SignedWebhookEvent {
  payload: string;
  signature: string;
}

/** A webhook event about this session as Stripe sends it, signed with the endpoint's secret. */
export function signedWebhookEvent(
  secret: string,
  type: string,
  session: FakeSession | undefined,
  id = `evt_${Math.random().toString(36).slice(2)}`,
): SignedWebhookEvent {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Posts a webhook event to a server's endpoint; its status and JSON answer. */
export async function deliverWebhook(baseUrl: string, event: SignedWebhookEvent) {
  const response = await fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': event.signature,
    },
    body: event.payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
