import path from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify'
import type pg from 'pg'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { authRoutes } from './auth/auth.routes.ts'
import { adminRoutes } from './modules/admin/admin.routes.ts'
import { accountRoutes } from './modules/account/account.routes.ts'
import type { Database } from './db/client.ts'
import type { Env } from './env.ts'
import { frameworkErrors, registerErrorHandling } from './http/errors.ts'
import { registerMetricsRoute } from './http/metrics.ts'
import { registerOpenApi } from './http/openapi.ts'
import { registerSecurity } from './http/security.ts'
import { registerInputGuard } from './http/input-guard.ts'
import { postgresRateLimitStore } from './http/rate-limit-store.ts'
import { registerSpa } from './http/spa.ts'
import { mediaRoutes } from './media/media.routes.ts'
import { audioUploadsRoutes } from './modules/audio-uploads/audio-uploads.routes.ts'
import { messagesRoutes } from './modules/messages/messages.routes.ts'
import { messageSearchRoutes } from './modules/message-search/message-search.routes.ts'
import { contactsRoutes } from './modules/contacts/contacts.routes.ts'
import { messageRequestsRoutes } from './modules/message-requests/message-requests.routes.ts'
import { directoryRoutes } from './modules/directory/directory.routes.ts'
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts'
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts'
import type { NotificationTiming } from './modules/notifications/notifications.service.ts'
import type { JobQueueOptions } from './jobs/job-queue.ts'
import { createServices } from './services.ts'
import { describeRole, startJobWorkers } from './jobs/job-table.ts'
import { publicProfilesRoutes } from './modules/public-profiles/public-profiles.routes.ts'
import { crawlersRoutes } from './modules/crawlers/crawlers.routes.ts'
import { shareTargetRoutes } from './modules/share-target/share-target.routes.ts'
import { realtimeRoutes } from './realtime/realtime.routes.ts'
import { configRoutes } from './modules/config/config.routes.ts'
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { profilesRoutes } from './modules/profiles/profiles.routes.ts'
import { photosRoutes } from './modules/photos/photos.routes.ts'
import { relationshipHealthRoutes } from './modules/relationship-health/relationship-health.routes.ts'
import { voiceSessionsRoutes } from './modules/voice-sessions/voice-sessions.routes.ts'
import { nudgesRoutes } from './modules/relationship-health/nudges.routes.ts'
import type { Mailer } from './notify/mailer.ts'
import { transcriptionRoutes } from './modules/transcription/transcription.routes.ts'
import type { SpeechOptions } from './speech/speech-setup.ts'
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
  speech?: SpeechOptions
  /**
   * job queue timing (tests shorten the lease that recovers jobs cut off by a crash); `workers: false` runs no job
   * here whatever the role (tests that start the instances running jobs themselves)
   */
  jobs?: Partial<Pick<JobQueueOptions, 'leaseSeconds' | 'maintenanceIntervalSeconds' | 'storageRetryMinMs'>> & { workers?: boolean }
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

declare module 'fastify' {
  interface FastifyInstance {
    /** what this instance serves and runs, by its HEARTH_ROLE: the start-up line says it */
    roleSummary: string
  }
}

/**
 * The app of one instance, as HEARTH_ROLE makes it (docs/deploy.md): `all` and `web` serve the whole app, `worker`
 * serves only its health; `all` and `worker` run the jobs of the job table, `web` only queues them.
 */
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
    // secrets never reach a log line: failed queries' parameters and cookies are redacted (docs/security.md)
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

  const services = await createServices({
    env,
    db,
    pool,
    secrets,
    mailer,
    log: app.log,
    speech,
    jobs,
    notificationTiming,
    pushTestOrigin,
  })
  const { deps, auth, hub, queue } = services
  app.addHook('onClose', async () => services.close())
  app.decorate('jobs', queue)
  // before every route: each request is timed under its route pattern
  services.metrics?.timeRequests(app)
  app.decorate('roleSummary', describeRole(env.HEARTH_ROLE, services.jobTable))
  // each instance sweeps what a crash left in its own temporary folder
  app.addHook('onReady', async () => void services.sweepAtStart())
  const runsJobs = env.HEARTH_ROLE !== 'web' && jobs?.workers !== false

  if (env.HEARTH_ROLE === 'worker') {
    // nothing public: the health answer is for the orchestrator that starts workers again and routes nothing here,
    // and the metrics (queues, transcription time) for the monitoring that watches the workers most of all
    await app.register(healthRoutes, deps)
    if (services.metrics && env.METRICS_TOKEN) registerMetricsRoute(app, services.metrics, env.METRICS_TOKEN)
    if (runsJobs) await startJobWorkers(queue, services.jobTable)
    return app
  }

  const trustedOrigins = [env.publicUrl]
  await registerSecurity(app, {
    trustedOrigins,
    mediaOrigins: services.objects.mediaOrigins,
    secure: env.publicUrl.startsWith('https://'),
  })
  registerInputGuard(app)

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
  await app.register(authRoutes, { auth, baseUrl: env.publicUrl, onSessionsEnded: services.onSessionsEnded })
  await app.register(healthRoutes, deps)
  await app.register(configRoutes, deps)
  await app.register(profilesRoutes, deps)
  await app.register(accountRoutes, deps)
  await app.register(adminRoutes, deps)
  await app.register(photosRoutes, deps)
  await app.register(contactsRoutes, deps)
  await app.register(messageRequestsRoutes, deps)
  await app.register(directoryRoutes, deps)
  await app.register(publicProfilesRoutes, deps)
  await app.register(crawlersRoutes, deps)
  await app.register(shareTargetRoutes)
  await app.register(audioUploadsRoutes, deps)
  await app.register(messagesRoutes, deps)
  await app.register(messageSearchRoutes, deps)
  await app.register(relationshipHealthRoutes, deps)
  await app.register(nudgesRoutes, deps)
  await app.register(voiceSessionsRoutes, deps)
  await app.register(invitationsRoutes, deps)
  await app.register(transcriptionRoutes, deps)
  await app.register(notificationsRoutes, deps)
  if (services.metrics && env.METRICS_TOKEN) registerMetricsRoute(app, services.metrics, env.METRICS_TOKEN)
  await app.register(mediaRoutes, { storage: services.objects.storage, signingKey: secrets.urlSigningKey })
  await app.register(realtimeRoutes, {
    readSession: deps.readSession,
    hub,
    publicOrigin: env.publicUrl,
    socketsPerPerson: env.SOCKETS_PER_PERSON,
  })
  if (env.NODE_ENV !== 'production' && mailer.kind === 'outbox') {
    await app.register(devMailboxRoutes, { outboxDir: path.join(env.dataDir, 'outbox') })
  }
  await registerSpa(app, webDir, {
    inviteTags: (token, address) => deps.invitations.linkPreview(token, address),
    profileTags: (userId) => deps.publicProfiles.linkPreview(userId, env.publicUrl),
    publicUrl: env.publicUrl,
    signUpMode: () => deps.admin.publicSignUpMode(),
  })
  if (runsJobs) await startJobWorkers(queue, services.jobTable)
  return app
}
