import type { HomeProfile } from '../config/generated/home-profile.ts';
import type {
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  CheckoutStatusQuery,
  CheckoutStatusResponse,
  CompleteRequest,
  ErrorCode,
  FreeClaimConfirmRequest,
  FreeClaimConfirmResponse,
  ResendLinkRequest,
  ResendLinkResponse,
  SignupRequest,
  SignupResponse,
} from './generated/api.ts';
import { ERROR_CODES } from './generated/api.ts';

/**
 * The product's REST API (spec §7). Every body and answer is a type generated from the API contract
 * (schemas/api/, `npm run schemas:types`), the same schemas the server validates with; the base
 * URL comes from VITE_API_BASE_URL and defaults to this origin's /api.
 */
export type {
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  CheckoutStatusResponse,
  ErrorCode,
  FreeClaimConfirmRequest,
  FreeClaimConfirmResponse,
  ResendLinkRequest,
  ResendLinkResponse,
  SignupRequest,
  SignupResponse,
};

/** The profile the visitor filled in, with the two tokens (the server checks the profile fields). */
export type LandingCompleteRequest = HomeProfile & CompleteRequest;

/**
 * A response with a non-2xx status; `code` is the server's `error` value when it is one of the
 * contract's codes (a proxy's error page, or a code newer than this build, leaves it undefined).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface Api {
  signup(body: SignupRequest): Promise<SignupResponse>;
  createCheckoutSession(body: CheckoutSessionRequest): Promise<CheckoutSessionResponse>;
  checkoutStatus(query: CheckoutStatusQuery): Promise<CheckoutStatusResponse>;
  /** A free offer's claim (create-checkout-session answered provider "free"), confirmed. */
  confirmFreeClaim(body: FreeClaimConfirmRequest): Promise<FreeClaimConfirmResponse>;
  complete(body: LandingCompleteRequest): Promise<void>;
  /** "Send me my link again": the same answer whether or not the address has an order. */
  resendLink(body: ResendLinkRequest): Promise<ResendLinkResponse>;
}

/** A refusal's error code and message, as the API contract's error body gives them. */
export async function readError(response: Response): Promise<ApiError> {
  let code: ErrorCode | undefined;
  let message = response.statusText;
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    code = ERROR_CODES.find((known) => known === body.error);
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
    confirmFreeClaim: (body) => post('/landing/confirm-free-claim', body),
    complete: async (body) => {
      await post<unknown>('/landing/complete', body);
    },
    resendLink: (body) => post('/landing/resend-link', body),
  };
}
