import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'
import type { AppDeps } from './app-deps.ts'
import { confirmationSender, createAuth } from './auth/auth.ts'
import { getLocaleOf } from './i18n/i18n.queries.ts'
import { authJobTable } from './auth/auth.jobs.ts'
import { createSessionCache } from './auth/session-cache.ts'
import { createSessionReader, requireUser } from './auth/session.ts'
import { backupJobTable } from './db/backup.jobs.ts'
import type { Database } from './db/client.ts'
import type { Env } from './env.ts'
import { metricsFor } from './http/metrics.ts'
import { createJobQueue, type JobQueueOptions } from './jobs/job-queue.ts'
import type { JobTable } from './jobs/job-table.ts'
import { legacyTranscribeJobTable } from './jobs/legacy-transcribe.jobs.ts'
import { createDiskGuard } from './media/disk-space.ts'
import { createMediaSweepJobs } from './media/media.jobs.ts'
import { createObjectStorage } from './media/object-storage.ts'
import { signMediaUrl } from './media/signed-url.ts'
import { adminJobTable } from './modules/admin/admin.jobs.ts'
import { createAdminService, createSignUpGate } from './modules/admin/admin.service.ts'
import { createAccountService } from './modules/account/account.service.ts'
import { audioUploadJobTable } from './modules/audio-uploads/audio-uploads.jobs.ts'
import { createAudioUploadsService, MEGABYTE } from './modules/audio-uploads/audio-uploads.service.ts'
import { createContactsService } from './modules/contacts/contacts.service.ts'
import { createCrawlersService } from './modules/crawlers/crawlers.service.ts'
import { createDirectoryService } from './modules/directory/directory.service.ts'
import { createHealthService } from './modules/health/health.service.ts'
import { invitationJobTable } from './modules/invitations/invitations.jobs.ts'
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
import { messageJobTable } from './modules/messages/messages.jobs.ts'
import { createMessagesService } from './modules/messages/messages.service.ts'
import { notificationJobTable } from './modules/notifications/notifications.jobs.ts'
import {
  createNotificationsService,
  DEFAULT_NOTIFICATION_TIMING,
  type NotificationTiming,
} from './modules/notifications/notifications.service.ts'
import { createPushService, vapidOf } from './modules/notifications/push.service.ts'
import { createPhotosService, publicPictureUrl } from './modules/photos/photos.service.ts'
import { profileJobTable } from './modules/profiles/profiles.jobs.ts'
import { createProfilesService, ensureProfileFor } from './modules/profiles/profiles.service.ts'
import { createPublicProfilesService } from './modules/public-profiles/public-profiles.service.ts'
import { nudgeJobTable } from './modules/relationship-health/nudges.jobs.ts'
import { createNudgesService } from './modules/relationship-health/nudges.service.ts'
import { createHealthRefresher } from './modules/relationship-health/health-refresher.ts'
import { createRelationshipHealthService, refreshHealthAfterChange } from './modules/relationship-health/relationship-health.service.ts'
import { voiceSessionJobTable } from './modules/voice-sessions/voice-sessions.jobs.ts'
import { createVoiceSessionsService } from './modules/voice-sessions/voice-sessions.service.ts'
import { createTranscriptionService } from './modules/transcription/transcription.service.ts'
import { createMailJobs, mailJobTable, queueMail } from './notify/mail.jobs.ts'
import type { Mailer } from './notify/mailer.ts'
import { createRealtimeHub } from './realtime/realtime.hub.ts'
import type { Secrets } from './secrets.ts'
import { createSpeech, type SpeechOptions } from './speech/speech-setup.ts'
import { createObjectTranscriber } from './speech/transcribe-object.ts'
import { selectTranslator } from './translation/select-translator.ts'

export type ServicesOptions = {
  env: Env
  db: Database
  /** the pool behind `db`: the job queue and realtime's LISTEN use it */
  pool: pg.Pool
  secrets: Omit<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'> & Partial<Pick<Secrets, 'vapidPublicKey' | 'vapidPrivateKey'>>
  mailer: Mailer
  log: FastifyBaseLogger
  /** tests put a speech engine or analyser double here; by default they follow the environment */
  speech?: SpeechOptions
  jobs?: Partial<Pick<JobQueueOptions, 'leaseSeconds' | 'maintenanceIntervalSeconds' | 'storageRetryMinMs'>>
  notificationTiming?: Partial<NotificationTiming>
  pushTestOrigin?: string
}

/**
 * The composition root: it only wires. Every service of the app is built here, once, in an order where each is
 * built after what it needs, and handed to the routes (as `AppDeps`) and to the job queue (as the job table, spread
 * from each module's part in its `*.jobs.ts`). Route plugins receive services and never build them (lint holds it);
 * what needs Fastify itself (hooks, decorations, plugins) stays in app.ts. Rules belong in the modules, and the
 * speech engine and metrics in their own factories: a test holds this file at 250 lines at most (decision 225).
 */
export async function createServices(options: ServicesOptions) {
  const { env, db, pool, secrets, mailer, log } = options
  const tmpDir = path.join(env.dataDir, 'tmp')
  // DATA_DIR always holds the uploads' temporary files, and by default the media and the embedded database too
  const disk = createDiskGuard({ dir: env.dataDir, floorBytes: env.DISK_FLOOR_MB * MEGABYTE })
  const objects = await createObjectStorage(env)
  await objects.verify()
  const storage = objects.storage
  // an instance that runs no job leaves the queue's upkeep and schedules to those that do
  const queue = await createJobQueue({ pool, log, ...options.jobs, supervises: env.HEARTH_ROLE !== 'web' })

  // asked by auth at sign-up and sign-in; the admin service, which needs auth, comes after both
  const gate = createSignUpGate({ db, pinnedMode: env.SIGNUP_MODE })
  const auth = createAuth({
    db,
    env,
    secret: secrets.authSecret,
    sendMail: queueMail(queue),
    deferResetRequest: (request) => queue.enqueue(null, 'request-password-reset', request),
    log,
    onUserCreated: async (created) => void (await ensureProfileFor(db, created)),
    invitationConfirmsAddress: (inviteToken, email) => invitationConfirmsAddress(db, inviteToken, email),
    admitsSignUp: gate.admitsSignUp,
    isDisabled: gate.isDisabled,
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
    deleteAccount: account.deleteAccount,
    sendConfirmation: confirmationSender(auth),
    onSessionsEnded,
  })

  const speech = await createSpeech({ env, log, given: options.speech })
  const metrics = metricsFor(env, {
    pool,
    queueStats: () => queue.stats(),
    openSockets: () => hub.connectionCount(),
    disk,
    storageHealth: objects.health,
  })
  const transcription = createTranscriptionService({ speech: speech.choice, tmpDir, languageOf: (userId) => getLocaleOf(db, userId) })
  // speech is CPU-bound: SPEECH_CONCURRENCY transcriptions at a time on this instance, whichever module's job asks
  const transcriber = createObjectTranscriber({
    storage,
    speech: speech.choice,
    tmpDir,
    concurrency: env.SPEECH_CONCURRENCY,
    onTranscribed: metrics ? (timing) => metrics.observeTranscription(timing) : undefined,
  })
  const speechJobDeps = { db, transcriber, queue, log, concurrency: env.SPEECH_CONCURRENCY }
  const timing = { ...DEFAULT_NOTIFICATION_TIMING, ...options.notificationTiming }
  const notifications = createNotificationsService({ db, queue, publicUrl: env.publicUrl, signingKey: secrets.urlSigningKey, timing, log })
  const push = createPushService({ db, queue, vapid: vapidOf(env, secrets), targets: { testOrigin: options.pushTestOrigin }, timing, log })
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
    speech: speech.status,
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
    mailer,
    requireUser: requireUser(readSession),
    readSession,
    account,
    admin,
    audioUploads,
    contacts: createContactsService({ db, pictureUrl, invitations: { hasInvitedByMail, closeOnConnection: closeInvitationsOnConnection } }),
    crawlers: createCrawlersService({ db, publicUrl: env.publicUrl }),
    directory: createDirectoryService({ db, pictureUrl }),
    health: createHealthService({ db, env, storageHealth: objects.health, disk, speech: speech.status, isOwner: admin.isOwner }),
    invitations,
    messageRequests: createMessageRequestsService({ db, pictureUrl, signMediaUrl: signUrl, speech: speech.status }),
    messageSearch: createMessageSearchService({ db, pictureUrl }),
    messages,
    messageSpeech: createMessageSpeechService({ db, queue, speech: speech.status }),
    messageTranslation: createMessageTranslationService({ db, translation: await selectTranslator(env), log }),
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

  const mail = createMailJobs({ mailer, log })
  const mediaSweep = createMediaSweepJobs({ db, storage, tmpDir, log })
  // each module's part of the table; a name of JobMap without its entry does not compile
  const jobTable: JobTable = {
    ...messageJobTable({ ...speechJobDeps, storage, tmpDir, signMediaUrl: signUrl, analyzer: speech.analyzer }),
    ...profileJobTable(speechJobDeps),
    ...invitationJobTable(invitations, { ...speechJobDeps, sendMail: mail.handleSendMail }),
    ...voiceSessionJobTable(speechJobDeps),
    ...legacyTranscribeJobTable(queue),
    ...mailJobTable(mail),
    ...authJobTable(auth),
    ...notificationJobTable(notifications, push),
    ...nudgeJobTable(nudges),
    ...mediaSweep.table,
    ...audioUploadJobTable(audioUploads),
    ...adminJobTable(admin),
    ...backupJobTable({ env, databasePassword: secrets.appDatabasePassword, storage, disk, log }),
  }

  return {
    deps,
    auth,
    hub,
    queue,
    objects,
    jobTable,
    metrics,
    /** what ends sessions tells realtime (the auth routes call it) */
    onSessionsEnded,
    sweepAtStart: mediaSweep.sweepAtStart,
    /** stops the queue, then the speech engine and storage */
    close: async () => {
      await healthRefresher.idle()
      await queue.stop()
      await speech.close()
      await objects.close()
    },
  }
}
