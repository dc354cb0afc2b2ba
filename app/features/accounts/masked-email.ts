/**
 * An address as the page an emailed link opens shows it: its first character and its domain
 * ("j•••@example.com"). Enough for the reader to see whose account the link opens (issue 41: a
 * stranger's own link must not sign anyone into the stranger's account unnoticed), and little for
 * whoever else holds the link.
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : "";
  return `${Array.from(local)[0] ?? ""}\u2022\u2022\u2022@${domain}`;
}
