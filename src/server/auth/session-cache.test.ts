import { describe, expect, it } from 'vitest'
import { createSessionCache } from './session-cache.ts'

const HOUR = 60 * 60 * 1000

function found(userId: string, sessionId = `session-of-${userId}`) {
  return { user: { id: userId, email: `${userId}@example.com`, name: userId, emailVerified: true }, sessionId }
}

/** A cache on a clock the test moves, listening unless told otherwise. */
function cacheAt(start = 1_000_000, options: { maxEntries?: number } = {}) {
  let clock = start
  const cache = createSessionCache({ ttlMs: 30_000, now: () => clock, ...options })
  cache.setListening(true)
  return {
    cache,
    later: (ms: number) => {
      clock += ms
    },
    expiresIn: (ms: number) => new Date(clock + ms),
  }
}

describe('the sessions an instance keeps', () => {
  it('answers a session read lately, and forgets it after 30 s', () => {
    const { cache, later, expiresIn } = cacheAt()
    cache.keep('token-a', found('ada'), expiresIn(HOUR), cache.ticket())
    expect(cache.get('token-a')?.user.id).toBe('ada')
    later(29_999)
    expect(cache.get('token-a')?.sessionId).toBe('session-of-ada')
    later(1)
    expect(cache.get('token-a')).toBeUndefined()
    expect(cache.size()).toBe(0)
  })

  it('never answers a session past its own expiry', () => {
    const { cache, later, expiresIn } = cacheAt()
    cache.keep('token-a', found('ada'), expiresIn(5_000), cache.ticket())
    later(4_999)
    expect(cache.get('token-a')).toBeDefined()
    later(1)
    expect(cache.get('token-a')).toBeUndefined()
  })

  it("forgets every session of a person it hears about, and nobody else's", () => {
    const { cache, expiresIn } = cacheAt()
    cache.keep('ada-phone', found('ada', 'phone'), expiresIn(HOUR), cache.ticket())
    cache.keep('ada-laptop', found('ada', 'laptop'), expiresIn(HOUR), cache.ticket())
    cache.keep('bob-phone', found('bob'), expiresIn(HOUR), cache.ticket())
    cache.forgetPerson('ada')
    expect(cache.get('ada-phone')).toBeUndefined()
    expect(cache.get('ada-laptop')).toBeUndefined()
    expect(cache.get('bob-phone')?.user.id).toBe('bob')
  })

  it('does not keep a read that was under way while something was forgotten', () => {
    const { cache, expiresIn } = cacheAt()
    // the read starts, the session ends and its notification arrives, then the read answers (with the old row)
    const ticket = cache.ticket()
    cache.forgetPerson('ada')
    cache.keep('token-a', found('ada'), expiresIn(HOUR), ticket)
    expect(cache.get('token-a')).toBeUndefined()
    // a read that starts after it is kept
    cache.keep('token-a', found('ada'), expiresIn(HOUR), cache.ticket())
    expect(cache.get('token-a')).toBeDefined()
  })

  it('keeps and answers nothing while its listening connection is down, and forgets what it had', () => {
    const { cache, expiresIn } = cacheAt()
    cache.keep('token-a', found('ada'), expiresIn(HOUR), cache.ticket())
    cache.setListening(false)
    expect(cache.get('token-a')).toBeUndefined()
    cache.keep('token-b', found('bob'), expiresIn(HOUR), cache.ticket())
    expect(cache.size()).toBe(0)
    // listening again: what was kept before the loss stays forgotten (a notification may have been missed)
    cache.setListening(true)
    expect(cache.get('token-a')).toBeUndefined()
    cache.keep('token-b', found('bob'), expiresIn(HOUR), cache.ticket())
    expect(cache.get('token-b')?.user.id).toBe('bob')
  })

  it('keeps nothing before it first listens', () => {
    const cache = createSessionCache()
    cache.keep('token-a', found('ada'), new Date(Date.now() + HOUR), cache.ticket())
    expect(cache.get('token-a')).toBeUndefined()
  })

  it('forgets everything when told to, and a read under way then is not kept', () => {
    const { cache, expiresIn } = cacheAt()
    cache.keep('token-a', found('ada'), expiresIn(HOUR), cache.ticket())
    const ticket = cache.ticket()
    cache.forgetAll()
    expect(cache.get('token-a')).toBeUndefined()
    cache.keep('token-b', found('bob'), expiresIn(HOUR), ticket)
    expect(cache.size()).toBe(0)
  })

  it('forgets the oldest session first once full', () => {
    const { cache, expiresIn } = cacheAt(0, { maxEntries: 2 })
    cache.keep('first', found('ada'), expiresIn(HOUR), cache.ticket())
    cache.keep('second', found('bob'), expiresIn(HOUR), cache.ticket())
    cache.keep('third', found('cy'), expiresIn(HOUR), cache.ticket())
    expect(cache.size()).toBe(2)
    expect(cache.get('first')).toBeUndefined()
    expect(cache.get('third')?.user.id).toBe('cy')
    // forgetting a person whose entry was pushed out touches nobody else
    cache.forgetPerson('ada')
    expect(cache.get('second')?.user.id).toBe('bob')
  })

  it('answers a kept session that cannot be changed by whoever reads it', () => {
    const { cache, expiresIn } = cacheAt()
    cache.keep('token-a', found('ada'), expiresIn(HOUR), cache.ticket())
    const kept = cache.get('token-a')
    expect(Object.isFrozen(kept)).toBe(true)
    expect(Object.isFrozen(kept?.user)).toBe(true)
  })
})
