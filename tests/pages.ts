import { exports } from "cloudflare:workers";

export const ORIGIN = "https://app.test";

/** A tiny cookie jar: what a browser would keep between page requests. */
export class Browser {
  cookies = new Map<string, string>();

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  private get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async get(path: string) {
    const response = await exports.default.fetch(`${ORIGIN}${path}`, {
      headers: { cookie: this.cookieHeader },
      redirect: "manual",
    });
    this.remember(response);
    return response;
  }

  /** A form post as a browser sends it (Origin included), without JavaScript; pairs repeat a field name. */
  async post(path: string, fields: Record<string, string> | [string, string][], origin: string | null = ORIGIN) {
    const headers: Record<string, string> = {
      cookie: this.cookieHeader,
      "content-type": "application/x-www-form-urlencoded",
      host: new URL(ORIGIN).host,
    };
    if (origin) headers.origin = origin;
    const response = await exports.default.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers,
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    this.remember(response);
    return response;
  }

  /** A form with files (multipart), as a browser sends it without JavaScript. */
  async postMultipart(path: string, form: FormData) {
    const response = await exports.default.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie: this.cookieHeader, origin: ORIGIN, host: new URL(ORIGIN).host },
      body: form,
      redirect: "manual",
    });
    this.remember(response);
    return response;
  }

  async logIn(username = "demo01", password = "demo1234") {
    const response = await this.post("/login", { username, password, redirectTo: "/user" });
    if (response.status !== 302 && response.status !== 204)
      throw new Error(`login failed: ${response.status} ${await response.text()}`);
    await response.body?.cancel();
    return this;
  }
}
