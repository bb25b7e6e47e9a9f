// A local server on 127.0.0.1 shaped like a Cloudflare Access team domain, as far as the Worker reads it:
// GET /cdn-cgi/access/certs answers the team's JWKS ({ keys: [...] }, RS256 public keys with their kid),
// the document Cloudflare publishes at https://<team>.cloudflareaccess.com/cdn-cgi/access/certs. Its
// private key signs test tokens the way Access signs application tokens (worker/api/access.ts verifies them).
import { createServer } from "node:http";
import { exportJWK, generateKeyPair } from "jose";

export const ACCESS_TEST_AUDIENCE = "roundtable-test-application-aud";

export async function startAccessServer() {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = "roundtable-test-key-1";
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256" };
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/cdn-cgi/access/certs") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    privateJwk: JSON.stringify(privateJwk),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
