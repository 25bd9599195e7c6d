/**
 * What a failed SMTP delivery means for the outbox. Only a 5xx reply to RCPT TO (the server
 * refusing this address: no such mailbox, domain gone) is permanent; everything else (the server
 * unreachable, a 4xx "try later", a 5xx to the greeting, the sender or the login, which are this
 * server's configuration and not the buyer's address) is worth trying again.
 */
export interface DeliveryFailure {
  permanent: boolean;
  /** A sentence for the operator (outbox command, logs). */
  reason: string;
}

interface SmtpErrorFields {
  message?: unknown;
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

function fields(error: unknown): SmtpErrorFields {
  return typeof error === 'object' && error !== null ? (error as SmtpErrorFields) : {};
}

export function describeDeliveryError(error: unknown): DeliveryFailure {
  const { message, code, command, responseCode, response } = fields(error);
  const text = typeof message === 'string' ? message : String(error);
  const reply = typeof response === 'string' ? response : undefined;
  if (command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500) {
    return {
      permanent: true,
      reason: `The mail server refused this address (not retried): ${reply ?? text}`,
    };
  }
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500) {
    return { permanent: false, reason: `The mail server asked to try later: ${reply ?? text}` };
  }
  if (code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS') {
    return { permanent: false, reason: `The mail server could not be reached: ${text}` };
  }
  return { permanent: false, reason: text };
}
