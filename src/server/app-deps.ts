import type { ModelDownloadStatus } from './speech/model-download.ts'
import type { preHandlerAsyncHookHandler } from 'fastify'
import type { SessionReader } from './auth/session.ts'
import type { Database } from './db/client.ts'
import type { Env } from './env.ts'
import type { DiskGuard } from './media/disk-space.ts'
import type { PictureUrl } from './media/signed-url.ts'
import type { ObjectStorage, StorageHealth } from './media/storage.ts'
import type { AdminService } from './modules/admin/admin.service.ts'
import type { AccountService } from './modules/account/account.service.ts'
import type { AudioUploadsService } from './modules/audio-uploads/audio-uploads.service.ts'
import type { ContactsService } from './modules/contacts/contacts.service.ts'
import type { CrawlersService } from './modules/crawlers/crawlers.service.ts'
import type { DirectoryService } from './modules/directory/directory.service.ts'
import type { InvitationsService } from './modules/invitations/invitations.service.ts'
import type { MessageRequestsService } from './modules/message-requests/message-requests.service.ts'
import type { MessageSearchService } from './modules/message-search/message-search.service.ts'
import type { MessageSpeechService } from './modules/messages/message-speech.service.ts'
import type { MessageTranslationService } from './modules/messages/message-translation.service.ts'
import type { MessagesService } from './modules/messages/messages.service.ts'
import type { NotificationsService } from './modules/notifications/notifications.service.ts'
import type { PushService } from './modules/notifications/push.service.ts'
import type { PhotosService } from './modules/photos/photos.service.ts'
import type { ProfilesService } from './modules/profiles/profiles.service.ts'
import type { PublicProfilesService } from './modules/public-profiles/public-profiles.service.ts'
import type { NudgesService } from './modules/relationship-health/nudges.service.ts'
import type { RelationshipHealthService } from './modules/relationship-health/relationship-health.service.ts'
import type { VoiceSessionsService } from './modules/voice-sessions/voice-sessions.service.ts'
import type { TranscriptionService } from './modules/transcription/transcription.service.ts'
import type { Mailer } from './notify/mailer.ts'

/**
 * What route plugins receive when they are registered: the app's settings and infrastructure, and every service,
 * built once by the composition root (services.ts). A route plugin takes what it needs from here and builds nothing.
 */
export type AppDeps = {
  env: Env
  db: Database
  mailer: Mailer
  requireUser: preHandlerAsyncHookHandler
  /** the signed-in session of a request that may also come without one (public pages) */
  readSession: SessionReader
  /** closes the realtime sockets of sessions that no longer exist */
  onSessionsEnded: () => Promise<unknown>
  storage: ObjectStorage
  /** DATA_DIR's free space against the floor (health, the owner's page) */
  disk: DiskGuard
  /** whether the store answers now: bounded in time and kept a few seconds (GET /api/health) */
  storageHealth: () => Promise<StorageHealth>
  /** A signed, expiring URL for a stored object; give it only to people who may see the object. */
  signMediaUrl: (key: string) => string
  /** a person's picture URL, or null for none */
  pictureUrl: PictureUrl
  /** which speech engine and analyser run, and why (health and start-up log) */
  speech: { engine: string; reason: string; analyzer: string; model: ModelDownloadStatus | null; engineModel: string | null }

  account: AccountService
  /** who may join, and the owner's care of the accounts */
  admin: AdminService
  audioUploads: AudioUploadsService
  contacts: ContactsService
  crawlers: CrawlersService
  directory: DirectoryService
  invitations: InvitationsService
  messageRequests: MessageRequestsService
  messageSearch: MessageSearchService
  messages: MessagesService
  /** a message's transcript asked for again (after a failure, or with a stronger engine) */
  messageSpeech: MessageSpeechService
  /** a message's transcript in a reader's language (decision 228) */
  messageTranslation: MessageTranslationService
  /** queues a new message's mail and push to its receiver */
  notifications: NotificationsService
  nudges: NudgesService
  photos: PhotosService
  profiles: ProfilesService
  publicProfiles: PublicProfilesService
  /** Web Push; other modules call `push.notifyPerson(personId, { title, body, url })` */
  push: PushService
  relationshipHealth: RelationshipHealthService
  voiceSessions: VoiceSessionsService
  /** live previews of a recording in progress */
  transcription: TranscriptionService
}
