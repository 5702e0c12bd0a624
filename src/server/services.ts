import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'
import { isLocale } from '#shared/locales.ts'
import type { AppDeps } from './app-deps.ts'
import { createAuth } from './auth/auth.ts'
import { getLanguageOf } from './i18n/i18n.queries.ts'
import { createAuthJobs } from './auth/auth.jobs.ts'
import { createSessionCache } from './auth/session-cache.ts'
import { createSessionReader, requireUser } from './auth/session.ts'
import { createBackupJobs } from './db/backup.jobs.ts'
import type { Database } from './db/client.ts'
import type { Env, HearthRole } from './env.ts'
import { createMetrics } from './http/metrics.ts'
import { deleteEndedRequestLimits } from './http/rate-limit.queries.ts'
import { createJobQueue, type JobMap, type JobName, type JobOutcome, type JobQueue, type JobQueueOptions } from './jobs/job-queue.ts'
import { createDiskGuard } from './media/disk-space.ts'
import { createMediaSweeper } from './media/media-sweep.ts'
import { createObjectStorage } from './media/object-storage.ts'
import { signMediaUrl } from './media/signed-url.ts'
import { createAdminService } from './modules/admin/admin.service.ts'
import { createAccountService } from './modules/account/account.service.ts'
import { createAudioUploadsService, MEGABYTE } from './modules/audio-uploads/audio-uploads.service.ts'
import { createContactsService } from './modules/contacts/contacts.service.ts'
import { createCrawlersService } from './modules/crawlers/crawlers.service.ts'
import { createDirectoryService } from './modules/directory/directory.service.ts'
import { createInvitationJobs, EXPIRE_INVITATIONS_CRON } from './modules/invitations/invitations.jobs.ts'
import { hasInvitedByMail } from './modules/invitations/invitations.queries.ts'
import {
  closeInvitationsOnConnection,
  createInvitationsService,
  invitationConfirmsAddress,
} from './modules/invitations/invitations.service.ts'
import { createMessageRequestsService } from './modules/message-requests/message-requests.service.ts'
import { createMessageSearchService } from './modules/message-search/message-search.service.ts'
import { createMessageSpeechService } from './modules/messages/message-speech.service.ts'
import { createMessageTranslationService } from './modules/messages/message-translation.service.ts'
import { createMessageJobs } from './modules/messages/messages.jobs.ts'
import { createMessagesService } from './modules/messages/messages.service.ts'
import {
  createNotificationsService,
  DEFAULT_NOTIFICATION_TIMING,
  type NotificationTiming,
} from './modules/notifications/notifications.service.ts'
import { createPushService, vapidOf } from './modules/notifications/push.service.ts'
import { createPhotosService, publicPictureUrl } from './modules/photos/photos.service.ts'
import { createProfileJobs } from './modules/profiles/profiles.jobs.ts'
import { createProfilesService, ensureProfileFor } from './modules/profiles/profiles.service.ts'
import { createPublicProfilesService } from './modules/public-profiles/public-profiles.service.ts'
import { createNudgesService, NUDGE_CRON } from './modules/relationship-health/nudges.service.ts'
import { createHealthRefresher } from './modules/relationship-health/health-refresher.ts'
import { createRelationshipHealthService, refreshHealthAfterChange } from './modules/relationship-health/relationship-health.service.ts'
import { createVoiceSessionJobs } from './modules/voice-sessions/voice-sessions.jobs.ts'
import { createVoiceSessionsService } from './modules/voice-sessions/voice-sessions.service.ts'
import { createTranscriptionService } from './modules/transcription/transcription.service.ts'
import { createMailJobs, queueMail } from './notify/mail.jobs.ts'
import type { Mailer } from './notify/mailer.ts'
import { createRealtimeHub } from './realtime/realtime.hub.ts'
import type { Secrets } from './secrets.ts'
import type { Analyzer } from './speech/analysis/analyzer.ts'
import { selectAnalyzer } from './speech/analysis/select-analyzer.ts'
import type { EngineChoice } from './speech/engine.ts'
import { startModelDownload } from './speech/model-download.ts'
import { selectSpeechEngine } from './speech/select-engine.ts'
import { createObjectTranscriber } from './speech/transcribe-object.ts'
import { selectTranslator } from './translation/select-translator.ts'

/** The media sweep's schedule: what crashes left behind goes within a quarter of an hour (docs/operations.md). */
export const SWEEP_MEDIA_CRON = '*/15 * * * *'
/** Uploads no message took within a day are looked for every hour. */
export const SWEEP_AUDIO_UPLOADS_CRON = '30 * * * *'
/** The owner's log is looked over once a day for rows past AUDIT_KEPT_DAYS (decision 201). */
export const SWEEP_AUDIT_LOG_CRON = '45 3 * * *'

export type ServicesOptions = {
  env: Env
  db: Database
  /** the pool behind `db`: the job queue and realtime's LISTEN use it */
  pool: pg.Pool
  secrets: Omit<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'> & Partial<Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'>>
  mailer: Mailer
  log: FastifyBaseLogger
  /** tests put a speech engine or analyser double here; by default they follow the environment */
  speech?: { choice?: EngineChoice; analyzer?: Analyzer; autoDownload?: boolean }
  jobs?: Partial<Pick<JobQueueOptions, 'leaseSeconds' | 'maintenanceIntervalSeconds' | 'storageRetryMinMs'>>
  notificationTiming?: Partial<NotificationTiming>
  pushTestOrigin?: string
}

/**
 * The work a job is, for the instances that run it and their start-up line. Every job is worker work: an instance of
 * HEARTH_ROLE=web runs none of them, one of `worker` or `all` runs them all (docs/deploy.md).
 */
type JobWork = 'speech' | 'mail' | 'push' | 'upkeep'
/**
 * How one kind of job is run: the work it is, its handler, how many at a time on one instance, and its schedule when
 * it is periodic (null: periodic, but turned off by the environment, so an earlier schedule is removed).
 */
type JobEntry<N extends JobName> = {
  work: JobWork
  handle: (data: JobMap[N]) => Promise<JobOutcome>
  concurrency?: number
  cron?: string | null
}
/** Every job name with its one handler: a name without a handler (or a handler without a name) does not compile. */
export type JobTable = { [N in JobName]: JobEntry<N> }

/**
 * The composition root: every service and job handler of the app is built here, once, and handed to the routes (as
 * `AppDeps`) and to the job queue (as the job table). Route plugins receive services and never build them (lint
 * holds it). What needs Fastify itself (hooks, decorations, plugins) stays in app.ts.
 */
export async function createServices({
  env,
  db,
  pool,
  secrets,
  mailer,
  log,
  speech,
  jobs,
  notificationTiming,
  pushTestOrigin,
}: ServicesOptions) {
  const tmpDir = path.join(env.dataDir, 'tmp')
  // DATA_DIR always holds the uploads' temporary files, and by default the media and the embedded database too
  const disk = createDiskGuard({ dir: env.dataDir, floorBytes: env.DISK_FLOOR_MB * MEGABYTE })
  const objects = await createObjectStorage(env)
  await objects.verify()
  const storage = objects.storage
  // an instance that runs no job leaves the queue's upkeep and schedules to those that do
  const queue = await createJobQueue({ pool, log, ...jobs, supervises: env.HEARTH_ROLE !== 'web' })

  const auth = createAuth({
    db,
    env,
    secret: secrets.authSecret,
    sendMail: queueMail(queue),
    deferResetRequest: (request) => queue.enqueue(null, 'request-password-reset', request),
    log,
    onUserCreated: async (created) => {
      await ensureProfileFor(db, created)
    },
    invitationConfirmsAddress: (inviteToken, email) => invitationConfirmsAddress(db, inviteToken, email),
    // called at sign-up and sign-in only, once everything below is built
    admitsSignUp: (signUp) => admin.admitsSignUp(signUp),
    isDisabled: (userId) => admin.isDisabled(userId),
  })
  const sessions = createSessionCache()
  const readSession = await createSessionReader(auth, db, sessions)
  // made before the services: sign-out, password reset and account changes close the sockets of the sessions they end
  const hub = createRealtimeHub({ pool, db, log, sessions })
  // this instance's next request must not find a session it has just ended: forgotten before the answer leaves
  const onSessionsEnded = () => {
    sessions.forgetAll()
    return hub.closeEndedSessions()
  }
  const account = createAccountService({ db, storage, log, onSessionsEnded })
  const admin = createAdminService({
    db,
    disk,
    pinnedMode: env.SIGNUP_MODE,
    deleteAccount: (userId) => account.deleteAccount(userId),
    sendConfirmation: async (email) => {
      await auth.api.sendVerificationEmail({ body: { email, callbackURL: '/auth?verified=1' } })
    },
    onSessionsEnded,
  })

  const engineChoice = speech?.choice ?? (await selectSpeechEngine(env))
  const analyzerChoice = speech?.analyzer ? { analyzer: speech.analyzer, reason: 'given by the caller' } : selectAnalyzer(env)
  log.info({ engine: engineChoice.name, analyzer: analyzerChoice.analyzer.name }, `speech: ${engineChoice.reason}`)
  const translationChoice = await selectTranslator(env)
  log.info({ engine: translationChoice.name }, `translation: ${translationChoice.reason}`)
  const modelDownload = speech?.autoDownload ? startModelDownload({ env, choice: engineChoice, log: (line) => log.info(line) }) : null
  // read at each request: a model downloaded in the background changes the engine while Hearth runs
  const activeSpeech: AppDeps['speech'] = {
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
  }

  // Prometheus metrics only when something may read them (METRICS_TOKEN, decision 160)
  const metrics = env.METRICS_TOKEN
    ? createMetrics({
        pool,
        queueStats: () => queue.stats(),
        openSockets: () => hub.connectionCount(),
        disk,
        mediaDir: env.STORAGE_DRIVER === 'local' ? path.join(env.dataDir, 'media') : null,
        storageHealth: objects.health,
      })
    : null
  const transcription = createTranscriptionService({
    speech: engineChoice,
    tmpDir,
    languageOf: async (userId) => {
      const language = await getLanguageOf(db, userId)
      return isLocale(language) ? language : null
    },
  })
  // speech is CPU-bound: SPEECH_CONCURRENCY transcriptions at a time on this instance, whichever module's job asks
  const transcriber = createObjectTranscriber({
    storage,
    speech: engineChoice,
    tmpDir,
    concurrency: env.SPEECH_CONCURRENCY,
    onTranscribed: metrics ? (timing) => metrics.observeTranscription(timing) : undefined,
  })
  const speechJobDeps = { db, transcriber, queue, log }
  const timing = { ...DEFAULT_NOTIFICATION_TIMING, ...notificationTiming }
  const notifications = createNotificationsService({ db, queue, publicUrl: env.publicUrl, signingKey: secrets.urlSigningKey, timing, log })
  const push = createPushService({ db, queue, vapid: vapidOf(env, secrets), targets: { testOrigin: pushTestOrigin }, timing, log })
  const signUrl = (key: string) => signMediaUrl(secrets.urlSigningKey, key)
  const pictureUrl = (key: string | null) => (key ? publicPictureUrl(key) : null)
  const audioUploads = createAudioUploadsService({ db, storage, disk, tmpDir, quotaBytes: env.STORAGE_QUOTA_MB * MEGABYTE })
  // the pair's health after a send, refreshed off the request; the instance's close waits for the refreshes under way
  const healthRefresher = createHealthRefresher({ refresh: (a, b) => refreshHealthAfterChange(db, a, b), log })
  const messages = createMessagesService({
    db,
    signMediaUrl: signUrl,
    pictureUrl,
    queue,
    notifications,
    health: healthRefresher,
    speech: activeSpeech,
  })
  const invitations = createInvitationsService({
    db,
    storage,
    publicUrl: env.publicUrl,
    signMediaUrl: signUrl,
    pictureUrl,
    queue,
    log,
    uploads: audioUploads,
    rateLimits: env.RATE_LIMIT_ENABLED,
  })
  const nudges = createNudgesService({ db, queue, push, publicUrl: env.publicUrl })

  const deps: AppDeps = {
    env,
    db,
    mailer,
    requireUser: requireUser(readSession),
    readSession,
    onSessionsEnded,
    storage,
    disk,
    storageHealth: objects.health,
    signMediaUrl: signUrl,
    pictureUrl,
    speech: activeSpeech,
    account,
    admin,
    audioUploads,
    contacts: createContactsService({ db, pictureUrl, invitations: { hasInvitedByMail, closeOnConnection: closeInvitationsOnConnection } }),
    crawlers: createCrawlersService({ db, publicUrl: env.publicUrl }),
    directory: createDirectoryService({ db, pictureUrl }),
    invitations,
    messageRequests: createMessageRequestsService({ db, pictureUrl, signMediaUrl: signUrl, speech: activeSpeech }),
    messageSearch: createMessageSearchService({ db, pictureUrl }),
    messages,
    messageSpeech: createMessageSpeechService({ db, queue, speech: activeSpeech }),
    messageTranslation: createMessageTranslationService({ db, translation: translationChoice, log }),
    notifications,
    nudges,
    photos: createPhotosService({ db, storage, disk, tmpDir }),
    profiles: createProfilesService({ db, storage, signMediaUrl: signUrl, pictureUrl, queue, uploads: audioUploads }),
    publicProfiles: createPublicProfilesService({ db, signMediaUrl: signUrl, pictureUrl }),
    push,
    relationshipHealth: createRelationshipHealthService({ db }),
    voiceSessions: createVoiceSessionsService({ db, signMediaUrl: signUrl, storage, queue, uploads: audioUploads, messages }),
    transcription,
  }

  const sweeper = createMediaSweeper({ db, storage, tmpDir })
  const authJobs = createAuthJobs(auth)
  const mail = createMailJobs({ mailer, log })
  const invitationJobs = createInvitationJobs(invitations, { ...speechJobDeps, sendMail: (message) => mail.handleSendMail(message) })
  const messageJobs = createMessageJobs({ ...speechJobDeps, storage, tmpDir, signMediaUrl: signUrl, analyzer: analyzerChoice.analyzer })
  const profileJobs = createProfileJobs(speechJobDeps)
  const voiceSessionJobs = createVoiceSessionJobs(speechJobDeps)
  const backupJobs = createBackupJobs({ env, databasePassword: secrets.appDatabasePassword, storage, disk, log })
  // each module owns the jobs that store its recordings' transcripts; the transcriber bounds how many run at once
  const speechConcurrency = env.SPEECH_CONCURRENCY
  const jobTable: JobTable = {
    'transcribe-message': { work: 'speech', handle: (data) => messageJobs.handleTranscribeMessage(data), concurrency: speechConcurrency },
    'retranscribe-message': {
      work: 'speech',
      handle: (data) => messageJobs.handleRetranscribeMessage(data),
      concurrency: speechConcurrency,
    },
    'transcribe-welcome': { work: 'speech', handle: (data) => profileJobs.handleTranscribeWelcome(data), concurrency: speechConcurrency },
    'transcribe-invitation': {
      work: 'speech',
      handle: (data) => invitationJobs.handleTranscribeInvitation(data),
      concurrency: speechConcurrency,
    },
    'transcribe-voice-note': {
      work: 'speech',
      handle: (data) => voiceSessionJobs.handleTranscribeVoiceNote(data),
      concurrency: speechConcurrency,
    },
    // jobs of the one speech job of earlier versions, still waiting after an upgrade: each goes to its module's handler
    transcribe: {
      work: 'speech',
      handle: (data) => {
        if (data.kind === 'message') return messageJobs.handleTranscribeMessage(data)
        if (data.kind === 'redo') return messageJobs.handleRetranscribeMessage(data)
        if (data.kind === 'welcome') return profileJobs.handleTranscribeWelcome(data)
        if (data.kind === 'invitation') return invitationJobs.handleTranscribeInvitation(data)
        return voiceSessionJobs.handleTranscribeVoiceNote(data)
      },
    },
    analyze: { work: 'speech', handle: (data) => messageJobs.handleAnalyze(data) },
    'send-mail': { work: 'mail', handle: (data) => mail.handleSendMail(data) },
    'send-invitation-mail': { work: 'mail', handle: (data) => invitationJobs.handleSendInvitationMail(data) },
    'request-password-reset': { work: 'mail', handle: (data) => authJobs.handleRequestPasswordReset(data) },
    'expire-invitations': { work: 'upkeep', handle: () => invitationJobs.handleExpireInvitations(), cron: EXPIRE_INVITATIONS_CRON },
    'notify-new-message-mail': { work: 'mail', handle: (data) => notifications.handleMailNewMessage(data) },
    'push-new-message': { work: 'push', handle: (data) => push.handlePushNewMessage(data) },
    'send-push': { work: 'push', handle: (data) => push.handleSendPush(data) },
    'find-quiet-relationships': { work: 'upkeep', handle: () => nudges.handleFindQuietRelationships(), cron: NUDGE_CRON },
    nudge: { work: 'push', handle: (data) => nudges.handleNudge(data) },
    'sweep-media': {
      work: 'upkeep',
      handle: async () => {
        const removed = await sweeper.sweep()
        await deleteEndedRequestLimits(db)
        return { status: 'done', reason: `${removed.tempEntries} temporary entries, ${removed.orphanedMedia} stored objects` }
      },
      cron: SWEEP_MEDIA_CRON,
    },
    'sweep-audio-uploads': {
      work: 'upkeep',
      handle: async () => ({ status: 'done', reason: `${await audioUploads.sweepAbandoned()} removed` }),
      cron: SWEEP_AUDIO_UPLOADS_CRON,
    },
    'sweep-audit-log': {
      work: 'upkeep',
      handle: async () => ({ status: 'done', reason: `${await admin.expireAuditLog()} removed` }),
      cron: SWEEP_AUDIT_LOG_CRON,
    },
    backup: { work: 'upkeep', handle: () => backupJobs.handleBackup(), cron: env.BACKUP_SCHEDULE === 'off' ? null : env.BACKUP_SCHEDULE },
  }

  return {
    deps,
    auth,
    hub,
    queue,
    objects,
    jobTable,
    metrics,
    /**
     * The sweep of what a crash of this instance left in its own temporary folder (and in storage), once at start;
     * later sweeps come from the queue's schedule and run on whichever instance takes them.
     */
    sweepAtStart: async () => {
      try {
        const removed = await sweeper.sweep()
        if (removed.tempEntries + removed.orphanedMedia > 0) log.info(removed, 'sweep: removed what crashes left behind')
        await deleteEndedRequestLimits(db)
      } catch (error) {
        log.warn({ err: error }, 'sweep: failed; the scheduled sweep tries again')
      }
    },
    /** stops the queue, then the speech engine and storage */
    close: async () => {
      await healthRefresher.idle()
      await queue.stop()
      await engineChoice.engine?.close?.()
      await objects.close()
    },
  }
}

/** What an instance of `role` does, for its start-up line: what it serves, and the jobs of the table it runs (by work). */
export function describeRole(role: HearthRole, table: JobTable): string {
  const names = new Map<JobWork, JobName[]>()
  for (const name of Object.keys(table) as JobName[]) {
    const { work } = table[name]
    names.set(work, [...(names.get(work) ?? []), name])
  }
  const jobs = [...names].map(([work, list]) => `${work} (${list.join(', ')})`).join('; ')
  if (role === 'web') return 'role web: serves the app (HTTP and realtime sockets) and only queues jobs, which worker instances run'
  if (role === 'worker') return `role worker: serves only GET /api/health, and runs the jobs: ${jobs}`
  return `role all: serves the app (HTTP and realtime sockets) and runs the jobs: ${jobs}`
}

/** Runs every job of the table on this instance, and schedules the periodic ones (one instance sends each occurrence). */
export async function startJobWorkers(queue: JobQueue, table: JobTable): Promise<void> {
  for (const name of Object.keys(table) as JobName[]) {
    const entry = table[name] as JobEntry<JobName>
    await queue.work(name, entry.handle, entry.concurrency)
    if (entry.cron) await queue.schedule(name, entry.cron)
    else if (entry.cron === null) await queue.unschedule(name)
  }
}
