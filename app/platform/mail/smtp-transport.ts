import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool";

/** SMTP connections the sender keeps open, and so messages it sends at once. */
export const SMTP_CONNECTIONS = 3;

/**
 * The outbox sender's nodemailer options: SMTP_URL's own (host, port, smtps, user and password,
 * and any option in its query), then ours. nodemailer ignores every other option given beside a
 * `url`, so the URL is parsed here, with nodemailer's own parser: given beside it, the timeouts
 * below were dropped, and a server that accepted the connection but never answered held the
 * sender (login codes and receipts too) for nodemailer's own 30 seconds to 10 minutes.
 *
 * Pooled: each message reuses an open connection instead of paying the TCP and TLS handshake and
 * the server's greeting again, which bounded a large announcement to a few messages a second.
 */
export function smtpTransportOptions(url: string): SMTPPool.Options {
  return {
    ...parseConnectionUrl(url),
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}
