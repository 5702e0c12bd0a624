import { ACCOUNT_TEXTS, type DeviceSessionList } from '#shared/account.ts'
import type { SessionUser } from '#server/auth/session.ts'
import type { Database } from '#server/db/client.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { NotFoundError, ValidationError } from '#server/http/errors.ts'
import { buildExport } from './account.export.ts'
import { deleteOtherSessionsOfUser, deleteSessionOfUser, listLiveSessionsForUser } from './account.queries.ts'

export type AccountServiceDeps = {
  db: Database
  storage: ObjectStorage
  /** closes the realtime sockets of sessions that no longer exist (decision 44) */
  onSessionsEnded: () => Promise<unknown>
  now?: () => Date
}

/** The person's signed-in devices and their data. Every query is filtered by the session's own user id. */
export function createAccountService({ db, storage, onSessionsEnded, now = () => new Date() }: AccountServiceDeps) {
  return {
    /** The person's data as a zip stream, and the name to save it under. */
    async exportData(user: SessionUser) {
      const at = now()
      return { stream: await buildExport(db, storage, user, at), filename: `hearth-export-${at.toISOString().slice(0, 10)}.zip` }
    },

    async listSessions(userId: string, currentSessionId: string): Promise<DeviceSessionList> {
      const rows = await listLiveSessionsForUser(db, userId, now())
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          user_agent: row.userAgent,
          created_at: row.createdAt.toISOString(),
          last_active_at: row.updatedAt.toISOString(),
          current: row.id === currentSessionId,
        })),
      }
    },

    /** Signs one other device out. The current one is refused: Sign Out ends it and clears the cookie. */
    async revokeSession(userId: string, currentSessionId: string, sessionId: string): Promise<void> {
      if (sessionId === currentSessionId) throw new ValidationError(ACCOUNT_TEXTS.currentSession)
      // someone else's id answers like an unknown one: whether it exists is not this person's business
      if (!(await deleteSessionOfUser(db, userId, sessionId))) throw new NotFoundError(ACCOUNT_TEXTS.sessionNotFound)
      await onSessionsEnded()
    },

    /** "Sign out everywhere else": every session but this request's. */
    async revokeOtherSessions(userId: string, currentSessionId: string): Promise<{ revoked: number }> {
      const revoked = await deleteOtherSessionsOfUser(db, userId, currentSessionId)
      if (revoked > 0) await onSessionsEnded()
      return { revoked }
    },
  }
}
export type AccountService = ReturnType<typeof createAccountService>
