import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for the app's SMTP_URL in tests.
 * It can refuse a recipient once with a temporary error, as a busy mail server does.
 */
export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Header values by lower-cased name (the first of each), as mailparser reads them. */
  header: (name: string) => string | undefined;
  /** The message as it came over SMTP, for a DKIM verifier. */
  raw: Buffer;
};

export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private readonly refusals = new Set<string>();
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start({ port = 0 }: { port?: number } = {}): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (sink!.refusals.delete(address.address.toLowerCase())) {
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks);
          // mailparser reads the MIME message as a mail client would: both parts, decoded.
          simpleParser(raw)
            .then((parsed) => {
              const lines = new Map(parsed.headerLines.map((line) => [line.key, line.line]));
              sink!.receive({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                subject: parsed.subject ?? "",
                text: (parsed.text ?? "").replace(/\r\n/g, "\n"),
                html: parsed.html || null,
                // The raw line without its name: what the sender wrote, unfolded.
                header: (name) =>
                  lines
                    .get(name.toLowerCase())
                    ?.replace(/^[^:]+:\s*/, "")
                    .replace(/\r?\n\s+/g, " "),
                raw,
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    const address = server.server.address() as AddressInfo;
    sink = new SmtpSink(server, `smtp://127.0.0.1:${address.port}`);
    return sink;
  }

  /** The next delivery to `address` is refused with "451 try again later". */
  refuseOnce(address: string) {
    this.refusals.add(address.toLowerCase());
  }

  /**
   * The first message to `address` (whose subject contains `subject`, if given) among those
   * received from the `since`-th on; waits for it up to `timeoutMs`, woken by each arrival.
   */
  async waitFor(address: string, timeoutMs = 15_000, subject = "", since = 0): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .slice(since)
        .find((m) => m.to.includes(address.toLowerCase()) && m.subject.includes(subject));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no mail to ${address}${subject ? ` about "${subject}"` : ""} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async close() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(mail: ReceivedMail) {
    this.messages.push(mail);
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** The first link to the site in a message. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): URL {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((href) => new URL(href).pathname.startsWith(pathPrefix));
  if (!match) throw new Error(`no ${pathPrefix} link in:\n${mail.text}`);
  return new URL(match);
}
