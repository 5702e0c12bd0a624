import {
  defaultSessionTitle,
  SESSION_MESSAGES_PAGE_LIMIT,
  SESSION_TEXTS,
  SESSIONS_PAGE_LIMIT,
  type Session,
  type SessionMessage,
} from '#shared/sessions.ts'
import { MESSAGE_TEXTS } from '#shared/messages.ts'
import type { Database } from '#server/db/client.ts'
import { NotFoundError } from '#server/http/errors.ts'
import { deleteAudioUpload, lockOwnAudioUpload } from '#server/modules/audio-uploads/audio-uploads.queries.ts'
import {
  getSessionForOwner,
  insertSession,
  insertSessionMessage,
  listLatestMessages,
  listSessionsForOwner,
  type SessionMessageRow,
  type SessionRow,
} from './sessions.queries.ts'

/**
 * Sessions (spec 001; issue 18): a person's private notes to themselves, in text or recorded. Every read and write is
 * filtered by the owner: someone else's session answers exactly as a missing one (404).
 */
export function createSessionsService({
  db,
  signMediaUrl,
  now = () => new Date(),
}: {
  db: Database
  signMediaUrl: (key: string) => string
  now?: () => Date
}) {
  const toMessage = (row: SessionMessageRow): SessionMessage => ({
    id: row.id,
    text: row.text,
    role: row.role,
    audio_url: row.audioKey ? signMediaUrl(row.audioKey) : null,
    created_at: row.createdAt.toISOString(),
  })
  const toSession = (row: SessionRow, messages: SessionMessageRow[]): Session => ({
    id: row.id,
    title: row.title,
    date: row.date,
    created_at: row.createdAt.toISOString(),
    messages: messages.filter((m) => m.sessionId === row.id).map(toMessage),
  })

  return {
    /** The ten newest sessions, each with its twenty newest messages. */
    async list(ownerId: string): Promise<Session[]> {
      const rows = await listSessionsForOwner(db, ownerId, SESSIONS_PAGE_LIMIT)
      const messages = await listLatestMessages(
        db,
        rows.map((r) => r.id),
        SESSION_MESSAGES_PAGE_LIMIT,
      )
      return rows.map((row) => toSession(row, messages))
    },

    async create(ownerId: string, input: { title?: string; date?: string }): Promise<Session> {
      const date = input.date ?? now().toISOString().slice(0, 10)
      const row = await insertSession(db, { profileId: ownerId, title: input.title ?? defaultSessionTitle(date), date })
      return toSession(row, [])
    },

    /** Adds text or a recording (a stored upload of the owner's, consumed here) to one of the owner's sessions. */
    async addMessage(
      ownerId: string,
      sessionId: string,
      input: { text?: string; role?: string; upload_id?: string },
    ): Promise<SessionMessage> {
      const session = await getSessionForOwner(db, ownerId, sessionId)
      if (!session) throw new NotFoundError(SESSION_TEXTS.notFound)
      const row = await db.transaction(async (tx) => {
        let audioKey: string | null = null
        if (input.upload_id) {
          const upload = await lockOwnAudioUpload(tx, ownerId, input.upload_id)
          if (!upload) throw new NotFoundError(MESSAGE_TEXTS.uploadNotFound)
          audioKey = upload.objectKey
          await deleteAudioUpload(tx, upload.id)
        }
        return insertSessionMessage(tx, { sessionId, text: input.text ?? null, role: input.role ?? 'user', audioKey })
      })
      return toMessage(row)
    },
  }
}
