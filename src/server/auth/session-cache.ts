import type { SessionUser } from './session.ts'

/** The channel on which PostgreSQL's triggers name a person whose session ended or whose account changed (decision 189). */
export const SESSIONS_CHANNEL = 'hearth_sessions'

/** The longest a session read is kept, whatever this instance hears: a bound on anything a notification could miss. */
export const SESSION_CACHE_TTL_MS = 30_000
/** Past this many kept sessions, the oldest is forgotten first. */
const MAX_ENTRIES = 10_000

export type FoundSession = { user: SessionUser; sessionId: string }
type Entry = { found: FoundSession; userId: string; until: number }

/**
 * The sessions this instance has read lately, by token (decision 189): a signed-in request is answered without a round
 * trip to PostgreSQL when its session was read in the last 30 s. An instance keeps them only while its listening
 * connection is up, and forgets a person's as soon as it hears on SESSIONS_CHANNEL that one of their sessions ended or
 * their account changed. A read that was under way while anything was forgotten is not kept (`ticket`), so a session
 * ended during its read cannot be kept after the notification that ended it.
 */
export function createSessionCache({ ttlMs = SESSION_CACHE_TTL_MS, maxEntries = MAX_ENTRIES, now = Date.now } = {}) {
  const entries = new Map<string, Entry>()
  const tokensOf = new Map<string, Set<string>>()
  let listening = false
  /** counts every forgetting: a ticket taken before it no longer keeps anything */
  let epoch = 0

  function remove(token: string, entry: Entry) {
    entries.delete(token)
    const tokens = tokensOf.get(entry.userId)
    tokens?.delete(token)
    if (tokens?.size === 0) tokensOf.delete(entry.userId)
  }

  function forgetAll() {
    epoch++
    entries.clear()
    tokensOf.clear()
  }

  return {
    /** The session a token names, when it was read lately and nothing has said it changed since. */
    get(token: string): FoundSession | undefined {
      if (!listening) return undefined
      const entry = entries.get(token)
      if (!entry) return undefined
      if (entry.until > now()) return entry.found
      remove(token, entry)
      return undefined
    },

    /** Taken before a session is read; `keep` keeps what was read only if nothing was forgotten meanwhile. */
    ticket(): number {
      return epoch
    },

    /** Keeps a session just read, until the cache's lifetime is over or the session expires, whichever comes first. */
    keep(token: string, found: FoundSession, expiresAt: Date, ticket: number) {
      if (!listening || ticket !== epoch) return
      const until = Math.min(now() + ttlMs, expiresAt.getTime())
      const existing = entries.get(token)
      if (existing) remove(token, existing)
      else if (entries.size >= maxEntries) {
        const oldest = entries.entries().next().value
        if (oldest) remove(...oldest)
      }
      const userId = found.user.id
      // shared by every request of this session from now on: nobody may change it for the others
      Object.freeze(found.user)
      entries.set(token, { found: Object.freeze(found), userId, until })
      const tokens = tokensOf.get(userId) ?? new Set<string>()
      tokens.add(token)
      tokensOf.set(userId, tokens)
    },

    /** Forgets every session of this person: one of them ended, or their name, address or confirmation changed. */
    forgetPerson(userId: string) {
      epoch++
      for (const token of tokensOf.get(userId) ?? []) {
        const entry = entries.get(token)
        if (entry) remove(token, entry)
      }
    },

    /** Forgets every session: this instance ended sessions or changed accounts without knowing whose. */
    forgetAll,

    /**
     * The listening connection's state. While it is down a notification may be missed, so nothing is kept or answered,
     * and what was kept before is forgotten.
     */
    setListening(on: boolean) {
      listening = on
      forgetAll()
    },

    size(): number {
      return entries.size
    },
  }
}

export type SessionCache = ReturnType<typeof createSessionCache>
