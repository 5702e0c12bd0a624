import { ACCOUNT_TEXTS, type DeviceSessionList } from '#shared/account.ts'
import type { SessionUser } from '#server/auth/session.ts'
import type { Database } from '#server/db/client.ts'
import { forgetPersonInJobs } from '#server/jobs/job-history.queries.ts'
import { variantKeys } from '#server/media/images.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { NotFoundError, ValidationError } from '#server/http/errors.ts'
import { buildExport } from './account.export.ts'
import { refreshLeftConversationCounts } from '#server/modules/messages/messages.queries.ts'
import {
  deleteMessagesNobodyKeeps,
  deleteOtherSessionsOfUser,
  deleteSessionOfUser,
  deleteUser,
  keepInvitationTombstones,
  listLiveSessionsForUser,
  listOwnObjectKeys,
  markContactsOfLeaver,
} from './account.queries.ts'

export type AccountServiceDeps = {
  db: Database
  storage: ObjectStorage
  log?: { warn: (details: object, message: string) => void }
  /** closes the realtime sockets of sessions that no longer exist (decision 44) */
  onSessionsEnded: () => Promise<unknown>
  now?: () => Date
}

/** The person's signed-in devices and their data. Every query is filtered by the session's own user id. */
export function createAccountService({ db, storage, log, onSessionsEnded, now = () => new Date() }: AccountServiceDeps) {
  return {
    /**
     * Deletes the account (decisions 60, 202): the account, its sessions, photos, welcome message, what the person
     * received, their side of every relationship, and every job that names them (decision 125). The people they
     * talked to keep what they sent the person and what the person sent them, in a read-only conversation that says
     * the person left (decisions 120, 202). The rows go in one transaction; the files after it commits (a file left
     * by a crash is an orphan the media sweep removes).
     */
    async deleteAccount(userId: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const owned = await listOwnObjectKeys(tx, userId)
        const dropped = await deleteMessagesNobodyKeeps(tx, userId)
        await forgetPersonInJobs(tx, userId, [...owned.audio, ...dropped])
        // the others keep a read-only conversation under the name the person had (decisions 120, 202)
        const left = await markContactsOfLeaver(tx, userId)
        await keepInvitationTombstones(tx, userId)
        if (!(await deleteUser(tx, userId))) throw new NotFoundError(ACCOUNT_TEXTS.accountNotFound)
        await refreshLeftConversationCounts(
          tx,
          left.map((row) => row.id),
        )
        // each of the others' open tabs hears of it: their home, the conversation and the detail refresh
        for (const row of left) {
          await publishRealtime(tx, [row.ownerId], { type: 'contact.changed', contact_id: row.id, change: 'account_deleted' })
        }
        return [...owned.audio, ...dropped, ...owned.photoBases.flatMap(variantKeys)]
      })
      for (const key of keys) {
        await storage.remove(key).catch((error: unknown) => log?.warn({ err: error, key }, 'account deletion: a file stayed behind'))
      }
      await onSessionsEnded()
    },

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
