/** Sends one email. Behind an interface so tests and the outbox never depend on a real server. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** nodemailer (about 15 MB of memory once loaded) is loaded only when SMTP is configured. */
export async function createSmtpMailer(smtpUrl: string, from: string): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  // One try ends within about two minutes, well inside the outbox lease (outboxSender.ts), so
  // no other instance takes the email while a slow server still has it. ?socketTimeout=… in
  // SMTP_URL overrides these.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(email) {
      await transport.sendMail({ from, ...email });
    },
    close() {
      transport.close();
    },
  };
}
