import { existsSync } from 'node:fs'
import path from 'node:path'
import { isTimeZone } from '@bazaar/contract/coupon-dates'
import { z } from 'zod'
import { repoRoot } from './paths.ts'

/**
 * Every setting, read once from the environment (and a `.env` file when present) with
 * embedded defaults, so `npm start` works with none set. See `.env.example`.
 */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** 127.0.0.1: only this machine reaches the server; `0.0.0.0` exposes it on every interface. */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /** Unset: SQLite file `<DATA_DIR>/bazaar.sqlite`. `postgres://…`: PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /**
   * The secret payment passwords are hashed with (HMAC-SHA256, ARCHITECTURE.md Passwords), at
   * least 32 characters (`openssl rand -hex 32`). Required with DATABASE_URL, so every API node
   * hashes alike; unset on a single SQLite node, one is generated into `<DATA_DIR>/pin-secret`.
   * Changing it makes every payment password unusable (people set a new one by e-mail code).
   */
  PIN_SECRET: z.string().min(32, 'PIN_SECRET needs at least 32 characters (openssl rand -hex 32)').optional(),
  /** Shared state for several API nodes (rate limits, pushes); used by later modules. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  /** Prefix of this platform's keys and channels in Redis, so platforms (and test runs) can share one. */
  REDIS_PREFIX: z.string().max(60).default('bazaar:'),
  /** Private uploads; unset: `<DATA_DIR>/uploads`. API nodes behind one load balancer share one folder. */
  UPLOADS_DIR: z.string().optional(),
  /** Unset: mail is written as .eml files to `<DATA_DIR>/outbox/`. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// URL')
    .optional(),
  /** Sender of outgoing mail (verification codes). */
  MAIL_FROM: z.string().default('Bazaar <no-reply@bazaar.localhost>'),
  /**
   * The platform's time zone (an IANA name such as 'Asia/Dubai'): a coupon valid through a day
   * ends at that day's midnight here, for every buyer. Published at /api/rules as `timeZone`.
   */
  PLATFORM_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(isTimeZone, 'PLATFORM_TIME_ZONE must be an IANA time zone such as Asia/Dubai or UTC'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Multiplies every per-IP limit (login, codes, uploads, withdrawals). 1 in production; the
   * end-to-end suite raises it because all its browsers share one address.
   */
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** Trust X-Forwarded-* only behind a known proxy (ARCHITECTURE.md, Proxies). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Images decoded at once (uploads, photo renditions), and how many may wait for a turn
   * before the next answers 'Image processing busy' (503). Each running decode of a 24 MP
   * upload holds about 100 MB.
   */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(64),
  /**
   * Webhook endpoints on private addresses (loopback, RFC 1918, link-local, metadata) and on
   * plain http://: for local development and tests only, never in production (issue 24; the
   * server warns at start when it is on).
   */
  WEBHOOKS_ALLOW_PRIVATE: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** A webhook attempt's time for the whole exchange; the first retry's wait (then ×4 each, contract webhooks-values). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_FIRST_RETRY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** How often each node's delivery worker looks for work that another node committed. */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Folder of the built shop app served at '/'. */
  SHOP_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/shop/dist')),
  /**
   * How long the server keeps a rendered shop page (per path and language) and lets browsers and
   * proxies cache it (issue 25); 0 renders every request. The HTML holds no session data.
   */
  SHOP_HTML_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Folder of the built operators' console served at '/admin/'. */
  ADMIN_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/admin/dist')),
  /** First operator, created at start when both are set and no such operator exists (password ≥ 12 characters). */
  OPERATOR_EMAIL: z.string().email().optional(),
  OPERATOR_PASSWORD: z.string().min(12, 'OPERATOR_PASSWORD needs at least 12 characters').optional(),
  /** Folder of the real catalogue (products.json, categories.json, images/). */
  CATALOGUE_DIR: z.string().default(path.join(repoRoot, 'seed/catalogue')),
  /**
   * How often each chain watcher asks its node for new blocks (issue 21; published at
   * /api/rules): 2 s by default, so a deposit is credited within about one poll of the block
   * that reaches its confirmations.
   */
  CHAIN_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  /** Most blocks one `eth_getLogs` asks for (halved when a node refuses a range as too large). */
  CHAIN_LOG_RANGE: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** Folder of the default articles (`<slug>.<locale>.md`). */
  ARTICLES_DIR: z.string().default(path.join(repoRoot, 'seed/articles')),
})

/** Settings that only make sense together. */
const Settings = Env.superRefine((env, ctx) => {
  if (env.DATABASE_URL && !env.PIN_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['PIN_SECRET'],
      message:
        'PIN_SECRET is required with DATABASE_URL: every API node must hash payment passwords with the same secret (openssl rand -hex 32)',
    })
})

export type Config = Omit<z.infer<typeof Env>, 'DATA_DIR' | 'UPLOADS_DIR'> & {
  DATA_DIR: string
  UPLOADS_DIR: string
  /**
   * Each EVM network's JSON-RPC node, from `<NETWORK>_RPC_URL` (ERC20_RPC_URL, BEP20_RPC_URL):
   * infrastructure that may carry a provider's key, so an environment setting, never a
   * console one. A network without one is not watched.
   */
  CHAIN_RPC_URLS: Record<string, string>
}

/** `<NETWORK>_RPC_URL` settings, by network code; each must be an http(s) URL. */
function chainRpcUrls(env: NodeJS.ProcessEnv): Record<string, string> {
  const urls: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    const match = /^([A-Z0-9]{2,20})_RPC_URL$/.exec(name)
    if (!match?.[1] || !value) continue
    if (!/^https?:\/\//.test(value)) throw new Error(`Invalid settings:\n${name}: must be an http:// or https:// URL`)
    urls[match[1]] = value
  }
  return urls
}

/**
 * Parses the settings. Throws a readable error naming the bad variable.
 * @param env defaults to `process.env` after loading `.env` from the working folder if it exists
 */
export function loadConfig(env: NodeJS.ProcessEnv = readEnv()): Config {
  const parsed = Settings.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid settings:\n${lines.join('\n')}`)
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR)
  return {
    ...parsed.data,
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.resolve(parsed.data.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    CHAIN_RPC_URLS: chainRpcUrls(env),
  }
}

function readEnv(): NodeJS.ProcessEnv {
  if (existsSync('.env')) process.loadEnvFile('.env')
  return process.env
}
