import path from 'node:path'
import ipaddr from 'ipaddr.js'
import { z } from 'zod'

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** the names proxy-addr (Fastify's `trustProxy`) knows for whole ranges */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const isProxyAddress = (item: string) => PROXY_RANGE_NAMES.has(item) || ipaddr.isValid(item) || ipaddr.isValidCIDR(item)

/** five cron fields of digits, `*`, ranges, lists and steps */
const CRON = /^([\d*/,-]+\s+){4}[\d*/,-]+$/
/**
 * What one instance does (docs/deploy.md): `all` serves the app and runs every job; `web` serves HTTP and realtime
 * sockets and only queues jobs; `worker` runs the jobs (speech, mail, push, sweeps) and serves only its health.
 */
export const HEARTH_ROLES = ['all', 'web', 'worker'] as const
export type HearthRole = (typeof HEARTH_ROLES)[number]

const optionalUrl = (name: string) => optionalString.refine((v) => v === undefined || URL.canParse(v), { message: `${name} must be a URL` })

/**
 * The whole configuration of the server. Parsed once at start; nothing else reads process.env.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    HEARTH_ROLE: z.enum(HEARTH_ROLES, { message: 'HEARTH_ROLE must be all (the default), web or worker' }).default('all'),
    DATABASE_URL: optionalUrl('DATABASE_URL'),
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: z.string().default('Hearth <hearth@localhost>'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl('S3_ENDPOINT'),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** where browsers reach the bucket, when the server reaches it at another address (presigned URLs name it) */
    S3_PUBLIC_ENDPOINT: optionalUrl('S3_PUBLIC_ENDPOINT'),
    /** `endpoint/bucket/key` addressing, which MinIO, Garage, SeaweedFS and Ceph need unless set up for bucket names in DNS */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    TRANSCRIBE_ENGINE: z.enum(['auto', 'whisper', 'openai', 'pocketsphinx', 'none']).default('auto'),
    WHISPER_MODEL: optionalString,
    /** with TRANSCRIBE_ENGINE=auto and no whisper model, `npm start` fetches base.en (148 MB) in the background */
    MODEL_DOWNLOAD: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    OPENAI_BASE_URL: optionalUrl('OPENAI_BASE_URL'),
    OPENAI_API_KEY: optionalString,
    /** model name sent to the OpenAI-compatible transcription endpoint */
    OPENAI_TRANSCRIBE_MODEL: z.string().trim().min(1).default('whisper-1'),
    /** a chat model for analysis; unset keeps analysis offline */
    OPENAI_ANALYSIS_MODEL: optionalString,
    /**
     * who translates a transcript into its reader's language (decision 228): `openai` (OPENAI_TRANSLATION_MODEL at
     * OPENAI_BASE_URL), `apertium` (Debian's offline pairs, rough), `none`. Unset: apertium when it and a pair are
     * installed, else none
     */
    TRANSLATION_ENGINE: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.enum(['none', 'openai', 'apertium']).optional(),
    ),
    /** the chat model TRANSLATION_ENGINE=openai asks */
    OPENAI_TRANSLATION_MODEL: optionalString,
    /** transcriptions run at once on this instance (speech is CPU-bound: about one per spare core) */
    SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** how long a job held by an instance that vanished waits before another instance runs it again (seconds) */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    /** on SIGTERM/SIGINT, how long running requests and jobs may take to finish before they are cut off and handed back */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(8),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** recordings one person may upload a minute (POST /api/audio); counted only while RATE_LIMIT_ENABLED */
    UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
    /** audio one person may keep stored, in MB: what they sent plus uploads not yet sent */
    STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(2048),
    /**
     * free space Hearth keeps on DATA_DIR's file system for its database and WAL, in MB: below it, new recordings and
     * photos are refused with a 507 and the backup skips (decision 214); 0 turns the floor off
     */
    DISK_FLOOR_MB: z.coerce.number().int().min(0).default(512),
    /** realtime sockets (browser tabs) one person may hold open on one instance */
    SOCKETS_PER_PERSON: z.coerce.number().int().min(1).max(1000).default(20),
    /** the Web Push (VAPID) key pair, base64url (`npx web-push generate-vapid-keys`); unset: generated once into DATA_DIR/secrets.json */
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    /** who push services may contact about this server's pushes (a mailto: or https: URL); defaults to MAIL_FROM's address */
    VAPID_SUBJECT: optionalString,
    /**
     * the reverse proxy's addresses or CIDRs (comma list; `loopback` for one on the same machine): only a request
     * from one of them may name its client in X-Forwarded-For. Unset: the connection's address is the client's.
     */
    TRUST_PROXY: optionalString
      .transform((v) => v?.split(',').map((item) => item.trim()))
      .refine((items) => items === undefined || (items.length > 0 && items.every(isProxyAddress)), {
        message: 'TRUST_PROXY must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), separated by commas',
      }),
    /**
     * who may make an account: `open` (anyone who reaches the address) or `invitation` (only from an invitation).
     * Unset: the owner chooses in the app, open until they do (decision 162). Set: it pins the mode.
     */
    SIGNUP_MODE: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.enum(['open', 'invitation']).optional()),
    RATE_LIMIT_ENABLED: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** when the backup runs (cron, five fields, UTC; one instance runs each), or `off`; nightly at 03:30 by default */
    BACKUP_SCHEDULE: z
      .string()
      .trim()
      .default('30 3 * * *')
      .refine((v) => v === 'off' || CRON.test(v), {
        message: 'BACKUP_SCHEDULE must be a cron line of five fields (such as 30 3 * * *) or off',
      }),
    /** days a scheduled backup is kept before the next one deletes it */
    BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    /** where backups are written; by default DATA_DIR/backups (never itself in a backup) */
    BACKUP_DIR: optionalString,
    /** the bearer token GET /metrics asks for (Prometheus); unset: no metrics endpoint */
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
      message: 'METRICS_TOKEN must be at least 16 characters',
    }),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      })
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      })
    }
    if (env.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(env.VAPID_SUBJECT)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_SUBJECT'], message: 'VAPID_SUBJECT must start with mailto: or https://' })
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STORAGE_DRIVER=s3` })
      }
    }
  })

export type Env = z.infer<typeof envSchema> & { publicUrl: string; dataDir: string; backupDir: string }

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError whose message names every bad variable, one per line. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      return `Invalid configuration: ${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? null)})`
    })
    throw new EnvError(lines.join('\n'))
  }
  const env = result.data
  const dataDir = path.resolve(env.DATA_DIR)
  return {
    ...env,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups'),
  }
}

/** For entry points: the parsed environment, or the bad variables printed one per line and exit code 1. */
export function parseEnvOrExit(source: Record<string, string | undefined>): Env {
  try {
    return parseEnv(source)
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
