import path from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify'
import type pg from 'pg'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { AppDeps } from './app-deps.ts'
import { createAuth } from './auth/auth.ts'
import { authRoutes } from './auth/auth.routes.ts'
import { accountRoutes } from './modules/account/account.routes.ts'
import { createAuthJobs } from './auth/auth.jobs.ts'
import { createSessionReader, requireUser } from './auth/session.ts'
import type { Database } from './db/client.ts'
import type { Env } from './env.ts'
import { frameworkErrors, registerErrorHandling } from './http/errors.ts'
import { registerOpenApi } from './http/openapi.ts'
import { registerSecurity } from './http/security.ts'
import { registerInputGuard } from './http/input-guard.ts'
import { postgresRateLimitStore } from './http/rate-limit-store.ts'
import { deleteEndedRequestLimits } from './http/rate-limit.queries.ts'
import { registerSpa } from './http/spa.ts'
import { createObjectStorage } from './media/object-storage.ts'
import { createMediaSweeper } from './media/media-sweep.ts'
import { mediaRoutes } from './media/media.routes.ts'
import { signMediaUrl } from './media/signed-url.ts'
import { audioUploadsRoutes } from './modules/audio-uploads/audio-uploads.routes.ts'
import { messagesRoutes } from './modules/messages/messages.routes.ts'
import { messageSearchRoutes } from './modules/message-search/message-search.routes.ts'
import { contactsRoutes } from './modules/contacts/contacts.routes.ts'
import { messageRequestsRoutes } from './modules/message-requests/message-requests.routes.ts'
import { directoryRoutes } from './modules/directory/directory.routes.ts'
import { createInvitationJobs, EXPIRE_INVITATIONS_CRON } from './modules/invitations/invitations.jobs.ts'
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts'
import { createInvitationsService, invitationConfirmsAddress } from './modules/invitations/invitations.service.ts'
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts'
import {
  createNotificationsService,
  DEFAULT_NOTIFICATION_TIMING,
  type NotificationTiming,
} from './modules/notifications/notifications.service.ts'
import { createPushService, vapidOf } from './modules/notifications/push.service.ts'
import { publicProfilesRoutes } from './modules/public-profiles/public-profiles.routes.ts'
import { crawlersRoutes } from './modules/crawlers/crawlers.routes.ts'
import { shareTargetRoutes } from './modules/share-target/share-target.routes.ts'
import { createPublicProfilesService } from './modules/public-profiles/public-profiles.service.ts'
import { realtimeRoutes } from './realtime/realtime.routes.ts'
import { createRealtimeHub } from './realtime/realtime.hub.ts'
import { configRoutes } from './modules/config/config.routes.ts'
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { profilesRoutes } from './modules/profiles/profiles.routes.ts'
import { photosRoutes } from './modules/photos/photos.routes.ts'
import { relationshipHealthRoutes } from './modules/relationship-health/relationship-health.routes.ts'
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts'
import { nudgesRoutes } from './modules/relationship-health/nudges.routes.ts'
import { createNudgesService, NUDGE_CRON } from './modules/relationship-health/nudges.service.ts'
import { publicPictureUrl } from './modules/photos/photos.service.ts'
import { ensureProfileFor } from './modules/profiles/profiles.service.ts'
import type { Mailer } from './notify/mailer.ts'
import { createMailJobs, queueMail } from './notify/mail.jobs.ts'
import { createJobQueue, type JobQueueOptions } from './jobs/job-queue.ts'
import { createTranscriptionJobs } from './modules/transcription/transcription.jobs.ts'
import { createTranscriptionService } from './modules/transcription/transcription.service.ts'
import { transcriptionRoutes } from './modules/transcription/transcription.routes.ts'
import type { Analyzer } from './speech/analysis/analyzer.ts'
import { selectAnalyzer } from './speech/analysis/select-analyzer.ts'
import type { EngineChoice } from './speech/engine.ts'
import { startModelDownload } from './speech/model-download.ts'
import { selectSpeechEngine } from './speech/select-engine.ts'
import type { Secrets } from './secrets.ts'
import { withLogRedaction } from './log-redaction.ts'

export type BuildAppOptions = {
  env: Env
  db: Database
  /** the pool behind `db`; realtime holds one of its connections for LISTEN */
  pool: pg.Pool
  /** without a VAPID pair (tests, benches) the app makes one for this run; main passes the kept one */
  secrets: Omit<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'> & Partial<Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'>>
  mailer: Mailer
  /** the built web app; absent in API-only tests */
  webDir?: string
  logger?: FastifyServerOptions['logger']
  /** tests put a speech engine or analyser double here; by default they follow the environment */
  /** `autoDownload`: fetch the default whisper model in the background (`npm start` only, never tests) */
  speech?: { choice?: EngineChoice; analyzer?: Analyzer; autoDownload?: boolean }
  /** job queue timing (tests shorten the lease that recovers jobs cut off by a crash) */
  jobs?: Partial<Pick<JobQueueOptions, 'leaseSeconds' | 'maintenanceIntervalSeconds'>> & { workers?: boolean }
  /** when new-message mail goes out (tests shorten the burst and transcript waits) */
  notificationTiming?: Partial<NotificationTiming>
  /** told about every route as it is registered (the authorization matrix test lists the live route table) */
  onRoute?: (route: RouteOptions) => void
  /**
   * the origin of a test's local push service (http on loopback), the one push target allowed past the public-https
   * rule; tests only: `npm start` never passes it
   */
  pushTestOrigin?: string
}

const MEDIA_SWEEP_INTERVAL_MS = 15 * 60 * 1000

/**
 * Sweeps what crashes left behind once the app is ready, then every 15 minutes (see docs/operations.md), and the
 * request limits whose windows ended long ago.
 */
function registerMediaSweep(app: FastifyInstance, sweeper: ReturnType<typeof createMediaSweeper>, db: Database) {
  const sweep = async () => {
    try {
      const removed = await sweeper.sweep()
      if (removed.tempEntries + removed.orphanedMedia > 0) app.log.info(removed, 'sweep: removed what crashes left behind')
      await deleteEndedRequestLimits(db)
    } catch (error) {
      app.log.warn({ err: error }, 'sweep: failed; trying again later')
    }
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    void sweep()
    timer = setInterval(() => void sweep(), MEDIA_SWEEP_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}

export async function buildApp({
  env,
  db,
  pool,
  secrets,
  mailer,
  webDir,
  logger,
  speech,
  jobs,
  onRoute,
  notificationTiming,
  pushTestOrigin,
}: BuildAppOptions) {
  const app = Fastify({
    // secrets never reach a log line: failed queries' parameters and cookies are redacted (issue 13)
    logger: withLogRedaction(logger),
    // the client's address comes from X-Forwarded-For only when the direct peer is a trusted proxy (decision 121)
    trustProxy: env.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  })
  if (onRoute) app.addHook('onRoute', onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)
  registerErrorHandling(app)

  const objects = await createObjectStorage(env)
  await objects.verify()
  app.addHook('onClose', async () => objects.close())
  const trustedOrigins = [env.publicUrl]
  await registerSecurity(app, { trustedOrigins, mediaOrigins: objects.mediaOrigins, secure: env.publicUrl.startsWith('https://') })
  registerInputGuard(app)

  const queue = await createJobQueue({ pool, log: app.log, ...jobs })
  app.decorate('jobs', queue)
  const auth = createAuth({
    db,
    env,
    secret: secrets.authSecret,
    sendMail: queueMail(queue),
    deferResetRequest: (request) => queue.enqueue(null, 'request-password-reset', request),
    log: app.log,
    onUserCreated: async (created) => {
      await ensureProfileFor(db, created)
    },
    invitationConfirmsAddress: (inviteToken, email) => invitationConfirmsAddress(db, inviteToken, email),
  })
  const readSession = await createSessionReader(auth, db)
  const authJobs = createAuthJobs(auth)
  const mail = createMailJobs({ mailer, log: app.log })
  const storage = objects.storage
  const engineChoice = speech?.choice ?? (await selectSpeechEngine(env))
  const analyzerChoice = speech?.analyzer ? { analyzer: speech.analyzer, reason: 'given by the caller' } : selectAnalyzer(env)
  const transcriptionDeps = {
    db,
    storage,
    speech: engineChoice,
    analyzer: analyzerChoice.analyzer,
    queue,
    tmpDir: path.join(env.dataDir, 'tmp'),
    log: app.log,
  }
  const transcription = createTranscriptionService(transcriptionDeps)
  app.log.info({ engine: engineChoice.name, analyzer: analyzerChoice.analyzer.name }, `speech: ${engineChoice.reason}`)
  const modelDownload = speech?.autoDownload ? startModelDownload({ env, choice: engineChoice, log: (line) => app.log.info(line) }) : null
  registerMediaSweep(app, createMediaSweeper({ db, storage, tmpDir: path.join(env.dataDir, 'tmp') }), db)
  app.addHook('onClose', async () => {
    await queue.stop()
    await engineChoice.engine?.close?.()
  })
  const timing = { ...DEFAULT_NOTIFICATION_TIMING, ...notificationTiming }
  const notifications = createNotificationsService({
    db,
    queue,
    publicUrl: env.publicUrl,
    signingKey: secrets.urlSigningKey,
    timing,
    log: app.log,
  })
  const push = createPushService({
    db,
    queue,
    vapid: vapidOf(env, secrets),
    targets: { testOrigin: pushTestOrigin },
    timing,
    log: app.log,
  })
  const deps: AppDeps = {
    env,
    db,
    auth,
    mailer,
    requireUser: requireUser(readSession),
    storage,
    signMediaUrl: (key) => signMediaUrl(secrets.urlSigningKey, key),
    pictureUrl: (key) => (key ? publicPictureUrl(key) : null),
    transcription,
    notifications,
    push,
    // read at each request: a model downloaded in the background changes the engine while Hearth runs
    speech: {
      get engine() {
        return engineChoice.name
      },
      get reason() {
        return engineChoice.reason
      },
      get engineModel() {
        return engineChoice.engine?.model ?? null
      },
      analyzer: analyzerChoice.analyzer.name,
      get model() {
        return modelDownload ? { ...modelDownload.status } : null
      },
    },
  }

  // Limits are declared per route (directory, connect, uploads, photos); the sign-in limits live in Better Auth.
  // Counted per signed-in person (after requireUser has run), else per connection address, in PostgreSQL so that
  // several instances share one count (decision 83). Registered before every route: the plugin limits only the
  // routes registered after it, and ignores the `rateLimit` of any registered earlier.
  if (env.RATE_LIMIT_ENABLED) {
    await app.register(rateLimit, {
      global: false,
      hook: 'preHandler',
      store: postgresRateLimitStore(db),
      keyGenerator: (request) => request.user?.id ?? request.ip,
    })
  }
  await registerOpenApi(app, env.publicUrl)
  // created here so that sign-out and password reset can close the sockets of the sessions they end at once
  const hub = createRealtimeHub({ pool, db, log: app.log })
  await app.register(authRoutes, { auth, baseUrl: env.publicUrl, onSessionsEnded: () => hub.closeEndedSessions() })
  await app.register(healthRoutes, deps)
  await app.register(configRoutes, deps)
  await app.register(profilesRoutes, deps)
  await app.register(accountRoutes, { ...deps, onSessionsEnded: () => hub.closeEndedSessions() })
  await app.register(photosRoutes, deps)
  await app.register(contactsRoutes, deps)
  await app.register(messageRequestsRoutes, deps)
  await app.register(directoryRoutes, deps)
  await app.register(publicProfilesRoutes, { ...deps, readSession })
  await app.register(crawlersRoutes, deps)
  await app.register(shareTargetRoutes)
  await app.register(audioUploadsRoutes, deps)
  await app.register(messagesRoutes, deps)
  await app.register(messageSearchRoutes, deps)
  await app.register(relationshipHealthRoutes, deps)
  const nudges = createNudgesService({ db, queue, push, publicUrl: env.publicUrl })
  await app.register(nudgesRoutes, { ...deps, nudges })
  await app.register(sessionsRoutes, deps)
  // made here because the scheduled expiry job below uses it too
  const invitations = createInvitationsService({ ...deps, publicUrl: env.publicUrl, log: app.log, rateLimits: env.RATE_LIMIT_ENABLED })
  await app.register(invitationsRoutes, { ...deps, invitations })
  await app.register(transcriptionRoutes, deps)
  await app.register(notificationsRoutes, { notifications, push, requireUser: deps.requireUser })
  await app.register(mediaRoutes, { storage, signingKey: secrets.urlSigningKey })
  await app.register(realtimeRoutes, { readSession, hub, publicOrigin: env.publicUrl, socketsPerPerson: env.SOCKETS_PER_PERSON })
  if (env.NODE_ENV !== 'production' && mailer.kind === 'outbox') {
    await app.register(devMailboxRoutes, { outboxDir: path.join(env.dataDir, 'outbox') })
  }
  const publicProfiles = createPublicProfilesService(deps)
  await registerSpa(app, webDir, {
    inviteTags: (token, address) => invitations.linkPreview(token, address),
    profileTags: (userId) => publicProfiles.linkPreview(userId, env.publicUrl),
    publicUrl: env.publicUrl,
  })
  if (jobs?.workers !== false) {
    // speech is CPU-bound: SPEECH_CONCURRENCY transcriptions at a time per instance, analysis beside them
    const transcriptionJobs = createTranscriptionJobs(transcriptionDeps)
    await queue.work('transcribe', (data) => transcriptionJobs.handleTranscribe(data), env.SPEECH_CONCURRENCY)
    await queue.work('analyze', (data) => transcriptionJobs.handleAnalyze(data))
    await queue.work('send-mail', (data) => mail.handleSendMail(data))
    await queue.work('request-password-reset', (data) => authJobs.handleRequestPasswordReset(data))
    const invitationJobs = createInvitationJobs(invitations)
    await queue.work('expire-invitations', () => invitationJobs.handleExpireInvitations())
    await queue.schedule('expire-invitations', EXPIRE_INVITATIONS_CRON)
    await queue.work('notify-new-message-mail', (data) => notifications.handleMailNewMessage(data))
    await queue.work('push-new-message', (data) => push.handlePushNewMessage(data))
    await queue.work('send-push', (data) => push.handleSendPush(data))
    await queue.work('find-quiet-relationships', () => nudges.handleFindQuietRelationships())
    await queue.work('nudge', (data) => nudges.handleNudge(data))
    await queue.schedule('find-quiet-relationships', NUDGE_CRON)
  }
  return app
}
