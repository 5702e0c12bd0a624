import type { preHandlerAsyncHookHandler } from 'fastify'
import type { SessionReader } from './auth/session.ts'
import type { Env } from './env.ts'
import type { AdminService } from './modules/admin/admin.service.ts'
import type { AccountService } from './modules/account/account.service.ts'
import type { AudioUploadsService } from './modules/audio-uploads/audio-uploads.service.ts'
import type { ContactsService } from './modules/contacts/contacts.service.ts'
import type { CrawlersService } from './modules/crawlers/crawlers.service.ts'
import type { DirectoryService } from './modules/directory/directory.service.ts'
import type { HealthService } from './modules/health/health.service.ts'
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
 * What route plugins receive when they are registered: the app's settings, the session checks, and every service,
 * built once by the composition root (services.ts). A route plugin takes what it needs from here and builds nothing;
 * the database and the object store reach routes only through services (lint refuses a `*.queries.ts` or the
 * database client in a `*.routes.ts`).
 */
export type AppDeps = {
  env: Env
  /** which kind of mailer runs (the config route offers the local mailbox only with the outbox) */
  mailer: Pick<Mailer, 'kind'>
  requireUser: preHandlerAsyncHookHandler
  /** the signed-in session of a request that may also come without one (public pages) */
  readSession: SessionReader

  account: AccountService
  /** who may join, and the owner's care of the accounts */
  admin: AdminService
  audioUploads: AudioUploadsService
  contacts: ContactsService
  crawlers: CrawlersService
  directory: DirectoryService
  /** GET /api/health: the database, the store, the speech engine and the disk */
  health: HealthService
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
