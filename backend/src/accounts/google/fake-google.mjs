// Test helper: a local OAuth2 server (oauth2-mock-server) standing in for Google on loopback.
// It is ESM-only, so int-specs run it in a child process. Prints `READY <url>`; each JSON line on stdin sets
// the claims the next /userinfo answers; it reports every /authorize query as `AUTHORIZE <json>`.
import { OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
let claims = { sub: 'google-user-1', email: 'someone@example.com', email_verified: true, given_name: 'Some', family_name: 'One' };
server.service.on('beforeUserinfo', (response) => {
  response.body = claims;
});
server.service.on('beforeAuthorizeRedirect', (_authorizeRedirectUri, req) => {
  process.stdout.write(`AUTHORIZE ${JSON.stringify(req.query)}\n`);
});
let buffered = '';
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
    const line = buffered.slice(0, newline).trim();
    buffered = buffered.slice(newline + 1);
    if (line) claims = JSON.parse(line);
  }
});
process.stdin.on('end', () => server.stop().then(() => process.exit(0)));
await server.start(0, '127.0.0.1');
process.stdout.write(`READY ${server.issuer.url}\n`);
