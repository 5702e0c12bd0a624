import { sql, type Placeholder } from 'drizzle-orm'
import { audioMessages } from '#server/db/schema.ts'

/**
 * Where a page of messages ends: created_at with microseconds (UTC) and the id that breaks ties. The cursor's shape
 * is checked by the request schemas (`messageCursorSchema`); these only join and split it.
 */
export type MessagePosition = { createdAt: string; id: string }

const CURSOR_SEPARATOR = '_'

export function encodeMessageCursor(row: { cursorAt: string; id: string }): string {
  return `${row.cursorAt}${CURSOR_SEPARATOR}${row.id}`
}

export function decodeMessageCursor(cursor: string): MessagePosition {
  const at = cursor.indexOf(CURSOR_SEPARATOR)
  return { createdAt: cursor.slice(0, at), id: cursor.slice(at + 1) }
}

/** created_at with microseconds (UTC): a Date keeps milliseconds only, too coarse for a page cursor */
export const cursorAtColumn = () =>
  sql<string>`to_char(${audioMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at')

/** A position, or placeholders for one in a statement built once and run many times (decision 114). */
export type BoundMessagePosition = { [K in keyof MessagePosition]: MessagePosition[K] | Placeholder }

/** Messages older than the position, in the (…, created_at, id) order of the indexes that serve the lists. */
export const olderThan = (position: BoundMessagePosition) =>
  sql`(${audioMessages.createdAt}, ${audioMessages.id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
