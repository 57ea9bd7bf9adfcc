import { Resolver } from 'node:dns/promises';
import { z } from 'zod';
import { parseTrustProxy, TRUST_PROXY_TRUE } from '../common/client-ip';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me';
export const DEV_VISITOR_HASH_SALT = 'dev-only-visitor-salt';
export const DEV_PERSONAL_DATA_KEY = 'dev-only-personal-data-key-change-me';
export const DEV_STREAM_NAME_SALT = 'dev-only-stream-name-salt-change-me';
/** Values that were ever published as examples (.env.example, docker-compose.yml): as good as no secret at all. */
const PUBLIC_SECRETS = new Set([
  DEV_SESSION_SECRET,
  DEV_VISITOR_HASH_SALT,
  DEV_PERSONAL_DATA_KEY,
  DEV_STREAM_NAME_SALT,
  'change-me-to-a-long-random-string',
  'change-me-too',
]);

/**
 * Every setting of the product, parsed once at start-up. `.env.example` lists each with its default;
 * keep the two in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * HTTP processes sharing PORT (node:cluster): a number, or `auto` for one per core. Unset: `auto` with ROLE=api,
   * 1 with ROLE=all (then the first process also runs the worker's jobs and the embedded PostgreSQL). ROLE=worker
   * serves no HTTP and ignores it.
   */
  API_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).optional(),
  PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
  BASE_DOMAIN: z.string().default('localhost'),
  /**
   * Which proxies in front of the product are trusted, as Express's `trust proxy`: false (none, the default), a hop
   * count (1 = one proxy appends to X-Forwarded-For), or a comma-separated list of proxy IPs/CIDRs. The client IP is
   * the right-most untrusted hop. `true` (trust every hop: clients would choose their own IP) is refused.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        const message = (error as Error).message;
        ctx.addIssue({
          code: 'custom',
          message: message === TRUST_PROXY_TRUE ? message : `not a hop count or a list of IPs/CIDRs: ${message}`,
        });
        return z.NEVER;
      }
    }),
  /** Dynamic codes may send scanners to loopback, link-local and private addresses (intranet installations only). */
  ALLOW_PRIVATE_DESTINATIONS: bool.default(false),
  /**
   * A destination's host name is resolved (A and AAAA) when it is saved, and refused when an address is not public:
   * the bound on that look-up, and the DNS servers asked (ip or ip:port, comma-separated; empty: the system's).
   */
  DESTINATION_DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(2000),
  DESTINATION_DNS_SERVERS: csv.default([]).superRefine((servers, ctx) => {
    try {
      new Resolver().setServers(servers);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a list of DNS server addresses (ip or ip:port): ${(error as Error).message}` });
    }
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_DIR: z.string().default('.data/postgres'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),

  EVENT_STORE: z.enum(['postgres', 'esdb']).default('postgres'),
  EVENTSTORE_URL: z.string().optional(),

  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_TIMEOUT_MS: z.coerce.number().int().positive().default(150),
  /**
   * After a scan's write to Redis fails (a timeout: Redis frozen or overloaded), scans skip Redis for this long and go
   * straight to the event store, instead of each waiting REDIS_TIMEOUT_MS; then one batch probes Redis again.
   */
  SCAN_REDIS_BREAK_MS: z.coerce.number().int().positive().default(1000),

  /**
   * The one secret every signing key is derived from (config/keys.ts), and the salt of visitor hashes. The defaults
   * are public and serve development and tests only: NODE_ENV=production refuses to start on them (productionSecrets).
   */
  SESSION_SECRET: z.string().min(16).default(DEV_SESSION_SECRET),
  VISITOR_HASH_SALT: z.string().min(8).default(DEV_VISITOR_HASH_SALT),
  /**
   * The master secret of personal-data keys (issue 32): the key that wraps each person's data key is derived from it
   * (event-store/personal-data/). Lose it and every sealed field reads as erased; keep it apart from the backups of
   * the events. Same rule as the two above: production refuses a missing or published one.
   */
  PERSONAL_DATA_KEY: z.string().min(16).default(DEV_PERSONAL_DATA_KEY),
  /**
   * The salt of the stream names that would otherwise name a person (issue 32): a username's, a Google id's and a
   * newsletter address's reservation streams are named by a keyed hash of it (event-store/personal-data/stream-names.ts).
   * Never change it: every account and subscription would be looked up under new names and not found. Apart from
   * PERSONAL_DATA_KEY so that rotating or losing that one never orphans a reservation. Same rule as the secrets above.
   */
  STREAM_NAME_SALT: z.string().min(16).default(DEV_STREAM_NAME_SALT),
  /**
   * Scans: Redis stream of the scan buffer (default qrs:{database name}:scans), idle time before another
   * ingester reclaims a crashed one's entries, cache safety-net TTL, and the trusted proxy's country header
   * (used only with TRUST_PROXY, e.g. cf-ipcountry).
   */
  SCAN_STREAM_KEY: z.string().optional(),
  SCAN_CLAIM_IDLE_MS: z.coerce.number().int().positive().default(30_000),
  SCAN_CACHE_TTL_MS: z.coerce.number().int().positive().default(30_000),
  COUNTRY_HEADER: z.string().toLowerCase().optional(),
  ADMIN_EMAILS: csv.default([]),

  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CALLBACK_URL: z.string().optional(),
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://www.googleapis.com/oauth2/v4/token'),
  GOOGLE_PROFILE_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/userinfo'),

  /**
   * A signed-in session unused for this long ends (issue 27), beside the fixed 14-day lifetime from sign-in. Use is
   * recorded at most once a minute (a quarter of the timeout when shorter), so the timeout is precise to that.
   */
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().optional(),
  AUTH_RATE_LIMIT_PER_USERNAME: z.coerce.number().int().positive().optional(),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),

  UPLOAD_DIR: z.string().default('.data/uploads'),
  MAX_PDF_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  MAX_LOGO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /**
   * Largest width x height of an uploaded logo and of a gallery image, read from the header before anything
   * else (docs/decisions.md, issue 13).
   */
  MAX_LOGO_PIXELS: z.coerce
    .number()
    .int()
    .positive()
    .default(4096 * 4096),
  MAX_IMAGE_PIXELS: z.coerce
    .number()
    .int()
    .positive()
    .default(8192 * 8192),

  /**
   * Rendering (PNG downloads, logo rasterising) runs in child processes: how many, each job's time budget,
   * each process's memory limit, and how many jobs may wait.
   */
  RENDER_PROCESSES: z.coerce.number().int().min(1).max(32).default(2),
  RENDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  RENDER_MEMORY_MB: z.coerce.number().int().min(128).default(512),
  RENDER_QUEUE_LIMIT: z.coerce.number().int().positive().default(64),

  TRIAL_DAYS: z.coerce.number().int().positive().default(3),
  TRIAL_DYNAMIC_LIMIT: z.coerce.number().int().nonnegative().default(12),
  FREE_DYNAMIC_LIMIT: z.coerce.number().int().nonnegative().default(3),
  /** POST /api/bulk-generate-qrcode calls allowed per signed-in user per minute (backend/src/bulk). */
  BULK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** GET /api/account/export calls allowed per account per hour (issue 32 item 3; backend/src/account-export). */
  ACCOUNT_EXPORTS_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Keys an owner may hold at once, not counting revoked ones (issue 34; backend/src/api-keys). */
  API_KEYS_PER_USER: z.coerce.number().int().positive().default(10),
  /** Requests one API key may make per minute, over every route and process (issue 34; 429 with Retry-After past it). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('QR Code Sharks <no-reply@qrcodesharks.local>'),
  MAIL_OUTBOX_DIR: z.string().default('.data/outbox'),
  /** Where contact-form messages go (Reply-To is the sender); the contact page names the same address. */
  SUPPORT_EMAIL: z.string().email().default('support@qrcodesharks.com'),
  /**
   * Mail jobs (backend/src/mail): tries per mail before the job is kept as failed, the first retry's delay (doubled at
   * each retry), mails sent at once per worker, how long a job's lock lives before a dead worker's job is taken back
   * (Bull's lockDuration), and how often the ledger is swept for mails whose job Redis lost.
   */
  MAIL_JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_JOB_BACKOFF_MS: z.coerce.number().int().positive().default(5_000),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  MAIL_JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  MAIL_SWEEP_MS: z.coerce.number().int().min(200).default(60_000),
  /**
   * Webhook deliveries (backend/src/webhooks, issue 34): tries per delivery (15: 5 s doubling to 11 h, about 23 hours in
   * all, then the webhook is disabled and its owner mailed), the first retry's delay, each attempt's time limit, deliveries
   * at once per worker, the job lock (a dead worker's delivery is taken back after it), and the ledger sweep's period.
   */
  WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(15),
  WEBHOOK_BACKOFF_MS: z.coerce.number().int().positive().default(5_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  WEBHOOK_JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  WEBHOOK_SWEEP_MS: z.coerce.number().int().min(200).default(60_000),
  /**
   * Settled webhook deliveries (delivered, failed, cancelled) recorded more than this many UTC days ago are removed
   * from the ledger, bodies and all; checked every RETENTION_SWEEP_MS, each new cutoff an event. Events older than it
   * are not delivered as new (a dispatcher replayed from the start does not send again what was removed).
   */
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Events of the store a webhook replay reads per transaction (memory and each transaction are bounded by it). */
  WEBHOOK_REPLAY_PAGE: z.coerce.number().int().min(10).max(10_000).default(1000),
  /**
   * Batches (backend/src/batches, issue 35): rows per batch at most, the largest CSV file taken, batches processed at
   * once per worker, the job lock (a dead worker's batch is taken back after it, from its last recorded row), and how
   * often batches whose progress stopped (a job Redis lost) are queued again.
   */
  BATCH_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(5000),
  BATCH_MAX_CSV_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  BATCH_JOB_LOCK_MS: z.coerce.number().int().min(500).default(30_000),
  BATCH_SWEEP_MS: z.coerce.number().int().min(200).default(60_000),
  /**
   * Retention (issue 32 item 4; the Privacy page states the defaults: frontend/src/site/legal/legal-facts.ts): scans of
   * UTC days more than VISITOR_HASH_RETENTION_DAYS ago lose their visitor hash in the analytics (at least 2: a scan
   * can still arrive for yesterday), mail-ledger rows older than MAIL_RECIPIENT_RETENTION_DAYS lose their recipient's
   * address and template data. A worker job checks every RETENTION_SWEEP_MS and records each new cutoff as an event.
   */
  VISITOR_HASH_RETENTION_DAYS: z.coerce.number().int().min(2).default(30),
  MAIL_RECIPIENT_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  RETENTION_SWEEP_MS: z.coerce.number().int().min(200).default(3_600_000),

  /**
   * Payments (backend/src/payments, docs/operations.md). Without the secret, publishable and webhook keys the product
   * runs and says payments are not configured (503 on the payment routes). STRIPE_PRICE_ID is Premium's monthly price;
   * the pricing table is optional (our own plan card otherwise). The fee is the platform's share of a payment-link
   * code's price, in percent. STRIPE_API_* point the SDK elsewhere (tests: the local double; stripe-mock).
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Signing secret of a second endpoint for Connect events (account.updated of owners' accounts), if one is used. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  STRIPE_PRICING_TABLE_ID: z.string().optional(),
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),

  FRONTEND_DIST: z.string().optional(),

  /**
   * Switches for one-shot processes (the admin and projections CLIs, benches): start no projection runner (nor the
   * mail and webhook dispatchers and payments' sweep), no scan ingester, no mail (nor webhook) sending, whatever ROLE says.
   */
  QRS_NO_RUNNERS: bool.default(false),
  QRS_NO_INGESTER: bool.default(false),
  QRS_NO_MAIL: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; throws one readable message listing every bad setting. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) {
    const refusal = productionSecrets(result.data, cleaned);
    if (refusal) throw new EnvError(refusal);
    return result.data;
  }
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid settings (see .env.example):\n${lines.join('\n')}`);
}

/**
 * Whether the product's cookies carry Secure: in production when the site's public address is https. A stack browsed
 * over plain http (docker-compose.yml's default http://localhost:3000, no proxy) would otherwise never keep a session:
 * express-session does not set a Secure cookie on an http request. Behind a TLS proxy, TRUST_PROXY lets
 * X-Forwarded-Proto make the request secure.
 */
export const secureCookies = (env: Pick<Env, 'NODE_ENV' | 'PUBLIC_ORIGIN'>): boolean =>
  env.NODE_ENV === 'production' && new URL(env.PUBLIC_ORIGIN).protocol === 'https:';

export const ENV = Symbol('ENV');

/**
 * In production, a secret that is missing or public (a default, an example value) would let anyone who read the
 * repository sign sessions, links and cookies, or undo the visitor hashes: the paragraph refusing to start, or null.
 */
export function productionSecrets(env: Env, source: Record<string, string | undefined>): string | null {
  if (env.NODE_ENV !== 'production') return null;
  const problems = (['SESSION_SECRET', 'VISITOR_HASH_SALT', 'PERSONAL_DATA_KEY', 'STREAM_NAME_SALT'] as const).flatMap((name) => {
    if (!source[name]) return [`${name} is not set`];
    return PUBLIC_SECRETS.has(env[name]) || /change-me/i.test(env[name]) ? [`${name} is a published example value`] : [];
  });
  if (!problems.length) return null;
  return (
    `Refusing to start with NODE_ENV=production: ${problems.join(' and ')}. ` +
    'These secrets sign sessions, share links, newsletter links, device cookies and password-reset links, salt ' +
    'the visitor hashes and stream names and wrap the keys of personal data, so the public development defaults would let anyone ' +
    'sign in as any user or read what people entered. ' +
    'Make a long random value for each, for example with `openssl rand -hex 32` ' +
    "(or `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`), " +
    'set SESSION_SECRET, VISITOR_HASH_SALT, PERSONAL_DATA_KEY and STREAM_NAME_SALT in the environment (or the .env file ' +
    'docker compose reads), and start again. Keep them: changing SESSION_SECRET signs everyone out and ends every share ' +
    'and newsletter link, changing PERSONAL_DATA_KEY makes every personal field of the events unreadable, and changing ' +
    'STREAM_NAME_SALT loses every account and subscription.'
  );
}
