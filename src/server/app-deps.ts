import type { ModelDownloadStatus } from './speech/model-download.ts'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { Auth } from './auth/auth.ts'
import type { Database } from './db/client.ts'
import type { Env } from './env.ts'
import type { PictureUrl } from './media/signed-url.ts'
import type { ObjectStorage } from './media/storage.ts'
import type { NotificationsService } from './modules/notifications/notifications.service.ts'
import type { PushService } from './modules/notifications/push.service.ts'
import type { TranscriptionService } from './modules/transcription/transcription.service.ts'
import type { Mailer } from './notify/mailer.ts'

/** What feature modules receive when they are registered. */
export type AppDeps = {
  env: Env
  db: Database
  auth: Auth
  mailer: Mailer
  requireUser: preHandlerAsyncHookHandler
  storage: ObjectStorage
  /** A signed, expiring URL for a stored object; give it only to people who may see the object. */
  signMediaUrl: (key: string) => string
  /** a person's picture URL, or null for none */
  pictureUrl: PictureUrl
  /** queues speech work for messages and welcome recordings */
  transcription: TranscriptionService
  /** queues a new message's mail and push to its receiver */
  notifications: NotificationsService
  /** Web Push; other modules call `push.notifyPerson(personId, { title, body, url })` */
  push: PushService
  /** which speech engine and analyser run, and why (health and start-up log) */
  speech: { engine: string; reason: string; analyzer: string; model: ModelDownloadStatus | null; engineModel: string | null }
}
