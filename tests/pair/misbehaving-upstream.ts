// A local upstream that misbehaves on demand (Node http on 127.0.0.1), for the proxy's failure cases.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Behaviour =
  | "envelope" // a sane answer, with extra fields and headers the proxy must drop
  | "silent" // never answers
  | "trickle" // headers at once, then one byte every 500 ms for 20 s
  | "html" // a PHP error page with status 500
  | "not-envelope" // JSON, but not {code, info}
  | "redirect" // 302 to another path of this server
  | "oversize" // a 2 MiB envelope
  | "conflict" // HTTP 409 with a text body
  | "forbidden" // HTTP 403 with a text body
  | "busy" // HTTP 503 with the envelope of 1240: the player's wallet shard is unavailable (docs/decisions/169)
  | "reset"; // the connection is dropped before any answer

export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

export async function startMisbehavingUpstream() {
  let behaviour: Behaviour = "envelope";
  const received: Received[] = [];
  const timers = new Set<ReturnType<typeof setInterval>>();

  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
      answer(behaviour, response);
    });
  });

  function answer(now: Behaviour, response: ServerResponse) {
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));
    switch (now) {
      case "envelope":
        return json(
          200,
          { code: 1, info: "ok", data: { money: 5 }, trace: "/var/www/index.php:3" },
          { "set-cookie": "sid=upstream", "x-powered-by": "PHP/5.6" },
        );
      case "silent":
        return;
      case "trickle": {
        response.writeHead(200, { "content-type": "application/json" });
        let sent = 0;
        const timer = setInterval(() => {
          sent += 500;
          if (sent >= 20_000) {
            clearInterval(timer);
            response.end("{}");
          } else response.write(" ");
        }, 500);
        timers.add(timer);
        response.on("close", () => clearInterval(timer));
        return;
      }
      case "html":
        return response
          .writeHead(500, { "content-type": "text/html" })
          .end("<html><b>Fatal error</b> in /var/www/index.php on line 3</html>");
      case "not-envelope":
        return json(200, { status: "ok", message: "Fatal error in /var/www/index.php" });
      case "redirect":
        return response.writeHead(302, { location: "/api/admin/deposits" }).end();
      case "oversize":
        return json(200, { code: 1, info: "ok", data: "x".repeat(2 * 1024 * 1024) });
      case "conflict":
        return response.writeHead(409, { "content-type": "text/plain" }).end("Conflict at /var/www/index.php");
      case "forbidden":
        return response.writeHead(403, { "content-type": "text/plain" }).end("Forbidden by /var/www/index.php");
      case "reset":
        return response.socket?.destroy();
      case "busy":
        return json(503, { code: 0, info: "Your account is busy", data: { errCode: 1240 } }, { "retry-after": "5" });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    behave(next: Behaviour) {
      behaviour = next;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
