// Headers on every answer (docs/product.md#accounts-and-security). Scripts run only from our origin or with this request's nonce.
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self' wss: ws:",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function withSecurityHeaders(response: Response, nonce: string, https: boolean): Response {
  // A WebSocket upgrade answer (status 101) must pass through untouched.
  if (response.status === 101 || response.webSocket) return response;
  const secured = new Response(response.body, response);
  const h = secured.headers;
  h.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  if (https) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return secured;
}

export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Every action (a non-GET request to the app) must come from our own pages: the Origin header,
 * which browsers always send on POST, has to match. Cookie-authenticated forms cannot be forged.
 */
export function sameOriginOrSafe(request: Request, url: URL): boolean {
  if (request.method === "GET" || request.method === "HEAD") return true;
  return request.headers.get("origin") === url.origin;
}
