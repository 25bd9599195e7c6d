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
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({ from, ...email });
    },
    close() {
      transport.close();
    },
  };
}
