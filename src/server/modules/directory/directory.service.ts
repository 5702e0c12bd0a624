import { isEmailQuery, type DirectoryResult } from '#shared/directory.ts'
import type { Executor } from '#server/db/client.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { findByExactEmail, searchByName, type DirectoryRow } from './directory.queries.ts'

/** The only fields of another person the directory reveals; never an e-mail address. */
export function toDirectoryResult(row: DirectoryRow, pictureUrl: PictureUrl): DirectoryResult {
  return { id: row.id, name: row.name, profile_picture_url: pictureUrl(row.pictureKey) }
}

export function createDirectoryService({ db, pictureUrl }: { db: Executor; pictureUrl: PictureUrl }) {
  return {
    /** An empty query lists nobody: the directory finds people, it does not let anyone browse them. */
    async search(searcherId: string, query: string): Promise<DirectoryResult[]> {
      const text = query.trim()
      if (!text) return []
      const rows = isEmailQuery(text) ? await findByExactEmail(db, text, searcherId) : await searchByName(db, text, searcherId)
      return rows.map((row) => toDirectoryResult(row, pictureUrl))
    },
  }
}

export type DirectoryService = ReturnType<typeof createDirectoryService>
