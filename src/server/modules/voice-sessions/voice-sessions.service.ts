import {
  defaultSessionTitle,
  SESSION_MESSAGES_PAGE_LIMIT,
  SESSION_TEXTS,
  SESSIONS_PAGE_LIMIT,
  type Session,
  type SessionMessage,
} from '#shared/voice-sessions.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { MAX_NOTES_PER_SESSION, MAX_SESSIONS_PER_PERSON } from '#shared/limits.ts'
import { type Message } from '#shared/messages.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import type { Database } from '#server/db/client.ts'
import { ConflictError, NotFoundError } from '#server/http/errors.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { deleteAudioUpload, lockOwnAudioUpload } from '#server/modules/audio-uploads/audio-uploads.queries.ts'
import type { AudioUploadsService } from '#server/modules/audio-uploads/audio-uploads.service.ts'
import { getContactForOwner } from '#server/modules/contacts/contacts.queries.ts'
import type { MessagesService } from '#server/modules/messages/messages.service.ts'
import type { JobQueue } from '#server/jobs/job-queue.ts'
import {
  countMessagesBySession,
  countSessionsOf,
  getSessionForOwner,
  getSessionMessageForOwner,
  insertSession,
  insertSessionMessage,
  listLatestMessages,
  listSessionsForOwner,
  lockSessionNotes,
  lockSessionsOf,
  resetFailedSessionTranscript,
  type SessionMessageRow,
  type SessionRow,
} from './voice-sessions.queries.ts'

/**
 * Voice sessions: a person's private notes to themselves, in text or recorded. A recorded note is
 * transcribed by the same speech jobs as messages, its transcript becoming its text, and can be sent to a contact as a
 * voice message through the ordinary send (decision 96). Every read and write is filtered by the owner: someone
 * else's session answers exactly as a missing one (404).
 */
export function createVoiceSessionsService({
  db,
  signMediaUrl,
  storage,
  queue,
  uploads,
  messages,
  now = () => new Date(),
}: {
  db: Database
  signMediaUrl: (key: string) => string
  storage: Pick<ObjectStorage, 'read'>
  /** a recorded note is queued for transcription with it (voice-sessions.jobs.ts) */
  queue: Pick<JobQueue, 'enqueue'>
  uploads: Pick<AudioUploadsService, 'store' | 'discard' | 'prepare'>
  messages: Pick<MessagesService, 'send'>
  now?: () => Date
}) {
  const toMessage = (row: SessionMessageRow): SessionMessage => ({
    id: row.id,
    text: row.text,
    role: row.role,
    audio_url: row.audioKey ? signMediaUrl(row.audioKey) : null,
    transcript_status: row.transcriptStatus,
    created_at: row.createdAt.toISOString(),
  })
  const toSession = (row: SessionRow, messages: SessionMessageRow[], messageCount: number): Session => ({
    id: row.id,
    title: row.title,
    date: row.date,
    created_at: row.createdAt.toISOString(),
    messages: messages.filter((m) => m.sessionId === row.id).map(toMessage),
    message_count: messageCount,
  })

  return {
    /** The ten newest sessions, each with its twenty newest messages, and how many sessions the person keeps. */
    async list(ownerId: string): Promise<{ sessions: Session[]; total: number }> {
      const rows = await listSessionsForOwner(db, ownerId, SESSIONS_PAGE_LIMIT)
      const ids = rows.map((r) => r.id)
      const [messages, counts, total] = await Promise.all([
        listLatestMessages(db, ids, SESSION_MESSAGES_PAGE_LIMIT),
        countMessagesBySession(db, ids),
        countSessionsOf(db, ownerId),
      ])
      return { sessions: rows.map((row) => toSession(row, messages, counts.get(row.id) ?? 0)), total }
    },

    /** A new session, unless the person keeps MAX_SESSIONS_PER_PERSON already (409, counted under their lock). */
    async create(ownerId: string, input: { title?: string; date?: string }): Promise<Session> {
      const date = input.date ?? now().toISOString().slice(0, 10)
      const row = await db.transaction(async (tx) => {
        await lockSessionsOf(tx, ownerId)
        if ((await countSessionsOf(tx, ownerId)) >= MAX_SESSIONS_PER_PERSON) {
          throw new ConflictError(SESSION_TEXTS.sessionLimit, ERROR_CODES.sessionLimit)
        }
        return insertSession(tx, { profileId: ownerId, title: input.title ?? defaultSessionTitle(date), date })
      })
      return toSession(row, [], 0)
    },

    /**
     * Adds text or a recording (a stored upload of the owner's, consumed here) to one of the owner's sessions, unless
     * it holds MAX_NOTES_PER_SESSION already (409).
     */
    async addMessage(
      ownerId: string,
      sessionId: string,
      input: { text?: string; role?: string; upload_id?: string },
    ): Promise<SessionMessage> {
      const session = await getSessionForOwner(db, ownerId, sessionId)
      if (!session) throw new NotFoundError(SESSION_TEXTS.notFound)
      // a note keeps its recording outside any message job: measured (or refused) here
      if (input.upload_id) await uploads.prepare(ownerId, input.upload_id)
      const row = await db.transaction(async (tx) => {
        // counted under the session's lock; a refused recording stays an upload of the owner's, to keep elsewhere
        await lockSessionNotes(tx, sessionId)
        const notes = (await countMessagesBySession(tx, [sessionId])).get(sessionId) ?? 0
        if (notes >= MAX_NOTES_PER_SESSION) {
          throw new ConflictError(SESSION_TEXTS.noteLimit, ERROR_CODES.noteLimit)
        }
        const role = input.role ?? 'user'
        if (!input.upload_id) return insertSessionMessage(tx, { sessionId, text: input.text ?? null, role })
        // the upload becomes the note (its bytes stay counted in the owner's quota) and is queued for its transcript
        const upload = await lockOwnAudioUpload(tx, ownerId, input.upload_id)
        if (!upload) throw new NotFoundError(MESSAGE_TEXTS.uploadNotFound)
        await deleteAudioUpload(tx, upload.id)
        const note = await insertSessionMessage(tx, {
          sessionId,
          text: null,
          role,
          audioKey: upload.objectKey,
          bytes: upload.bytes,
          transcriptStatus: 'pending',
        })
        await queue.enqueue(tx, 'transcribe-voice-note', { sessionMessageId: note.id, audioKey: upload.objectKey, attempt: 1 })
        return note
      })
      return toMessage(row)
    },

    /**
     * A failed transcript tried again (like a message's retry after a failed transcription): a fresh round of
     * attempts with the engine running now. 404 for anyone else's note, 409 unless its transcript failed.
     */
    async retryTranscript(ownerId: string, sessionId: string, messageId: string): Promise<SessionMessage> {
      const note = await getSessionMessageForOwner(db, ownerId, sessionId, messageId)
      if (!note) throw new NotFoundError(SESSION_TEXTS.notFound)
      const { audioKey } = note
      if (!audioKey) throw new ConflictError(SESSION_TEXTS.notRetryable)
      const row = await db.transaction(async (tx) => {
        const reset = await resetFailedSessionTranscript(tx, note.id)
        if (!reset) throw new ConflictError(SESSION_TEXTS.notRetryable)
        await queue.enqueue(tx, 'transcribe-voice-note', { sessionMessageId: note.id, audioKey, attempt: 1 })
        return reset
      })
      return toMessage(row)
    },

    /**
     * "Send to…": a copy of the note's recording is stored as a fresh upload (measured, and counted in the quota, as
     * every upload is) and sent through the ordinary send, so every message rule applies (3 unanswered, an archived
     * circle, ...). The note stays in the session. A refused send leaves no upload behind.
     */
    async sendNote(ownerId: string, sessionId: string, messageId: string, input: { contact_id: string }): Promise<Message> {
      const note = await getSessionMessageForOwner(db, ownerId, sessionId, messageId)
      if (!note) throw new NotFoundError(SESSION_TEXTS.notFound)
      if (!note.audioKey) throw new ConflictError(SESSION_TEXTS.noRecording)
      // someone else's contact is refused before the take is copied (the send checks it again, with every other rule)
      if (!(await getContactForOwner(db, ownerId, input.contact_id))) throw new NotFoundError(CONTACT_TEXTS.notFound)
      const upload = await uploads.store(ownerId, storage.read(note.audioKey))
      try {
        // measured here rather than by the message's job, so the message is sent with its length and waveform
        await uploads.prepare(ownerId, upload.upload_id)
        return await messages.send(ownerId, { contact_id: input.contact_id, upload_id: upload.upload_id, reply_to_id: null })
      } catch (error) {
        await uploads.discard(ownerId, upload.upload_id)
        throw error
      }
    },
  }
}

export type VoiceSessionsService = ReturnType<typeof createVoiceSessionsService>
