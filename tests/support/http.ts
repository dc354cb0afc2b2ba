/**
 * A small browser-like HTTP client for integration tests: keeps cookies, sends the site's
 * Origin on POSTs like a browser would, and never follows redirects so tests can assert them.
 */
export class Browser {
  private cookies = new Map<string, string>();
  /**
   * Each browser claims its own client address through X-Forwarded-For (the test app trusts the
   * proxy header, as behind Fly's proxy), so per-address rate limits see separate visitors.
   */
  readonly address: string;

  constructor(
    readonly baseUrl: string,
    address?: string,
  ) {
    this.address = address ?? `203.0.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    if (!headers.has("Accept")) headers.set("Accept", "text/html");
    if (!headers.has("X-Forwarded-For")) headers.set("X-Forwarded-For", this.address);
    const response = await fetch(new URL(pathname, this.baseUrl), { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(pathname: string, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: "GET" });
  }

  /** A form post as a browser without JavaScript sends it. */
  post(pathname: string, form: Record<string, string> | URLSearchParams | FormData, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has("Origin")) headers.set("Origin", this.baseUrl);
    const body = form instanceof URLSearchParams || form instanceof FormData ? form : new URLSearchParams(form);
    return this.request(pathname, { ...init, method: "POST", headers, body });
  }
}

/** The path a redirect response points to (same-origin redirects come back as paths). */
export function redirectTarget(response: Response): string | null {
  const location = response.headers.get("Location");
  if (!location) return null;
  const resolved = new URL(location, "http://placeholder.invalid");
  return resolved.host === "placeholder.invalid" ? resolved.pathname + resolved.search : location;
}
