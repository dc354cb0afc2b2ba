import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { SMTP_CONNECTIONS, smtpTransportOptions } from "~/platform/mail/smtp-transport";

describe("the outbox sender's SMTP transport", () => {
  it("keeps SMTP_URL's server and login and the sender's timeouts (nodemailer drops options given beside a url)", () => {
    const transport = nodemailer.createTransport(
      smtpTransportOptions("smtps://mailer:p%40ss:word@smtp.example.com:465"),
    );
    const options = transport.options as Record<string, unknown>;
    expect(options).toMatchObject({
      host: "smtp.example.com",
      port: 465,
      secure: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    expect(options.auth).toMatchObject({ user: "mailer" });
    transport.close();
  });

  it("is a pool of open connections, so a large announcement does not reconnect for every message", () => {
    const transport = nodemailer.createTransport(smtpTransportOptions("smtp://127.0.0.1:2525"));
    expect(transport.transporter.name).toBe("SMTP (pool)");
    expect((transport.options as Record<string, unknown>).maxConnections).toBe(SMTP_CONNECTIONS);
    transport.close();
  });

  it("takes options from the URL's query, as nodemailer documents", () => {
    expect(smtpTransportOptions("smtp://127.0.0.1:587?requireTLS=true")).toMatchObject({ requireTLS: true, port: 587 });
  });
});
