import type { HomeProfile } from '../config/generated/home-profile.ts';

/**
 * The product's REST API (spec §7). Paths and payloads follow the spec exactly; the base URL comes
 * from VITE_API_BASE_URL and defaults to this origin's /api.
 */
export interface SignupRequest {
  email: string;
  captchaToken: string;
  referral: string;
}

export interface CheckoutSessionRequest {
  customer_email: string;
  customerId: null;
  return_url: string;
  campaignId: string;
  actionToken: string;
  forceNewSession: true;
}

export interface CheckoutSessionResponse {
  clientSecret: string;
  orderId?: string;
  provider?: 'test' | 'stripe';
}

export interface CheckoutStatusResponse {
  status: string;
  claimToken?: string;
}

export type LandingCompleteRequest = HomeProfile & { captchaToken: string; claimToken: string };

/** A response with a non-2xx status; `code` is the server's `error` value when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface Api {
  signup(body: SignupRequest): Promise<{ actionToken: string }>;
  createCheckoutSession(body: CheckoutSessionRequest): Promise<CheckoutSessionResponse>;
  checkoutStatus(query: { orderId: string; t: string }): Promise<CheckoutStatusResponse>;
  complete(body: LandingCompleteRequest): Promise<void>;
}

async function readError(response: Response): Promise<ApiError> {
  let code: string | undefined;
  let message = response.statusText;
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') code = body.error;
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON: the status alone describes it.
  }
  return new ApiError(response.status, code, message);
}

export function createHttpApi(baseUrl: string, fetchImpl: typeof fetch = fetch): Api {
  const base = baseUrl.replace(/\/$/, '');
  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init?.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (!response.ok) throw await readError(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const post = <T>(path: string, body: unknown) =>
    call<T>(path, { method: 'POST', body: JSON.stringify(body) });
  return {
    signup: (body) => post('/landing/signup', body),
    createCheckoutSession: (body) => post('/stripe/api/create-checkout-session', body),
    checkoutStatus: ({ orderId, t }) =>
      call(`/stripe/api/checkout-status?${new URLSearchParams({ orderId, t }).toString()}`),
    complete: async (body) => {
      await post<unknown>('/landing/complete', body);
    },
  };
}
