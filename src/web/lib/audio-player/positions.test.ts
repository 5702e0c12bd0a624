import { describe, expect, it } from 'vitest'
import { createPositionStore, MAX_KEPT_POSITIONS, POSITIONS_STORAGE_KEY } from './positions.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values }
}

describe('the resume positions of half-heard messages', () => {
  it('resumes where a message was left, to a tenth of a second, and forgets it once cleared', () => {
    const store = createPositionStore(memoryStorage())
    expect(store.get('m1')).toBe(0)
    store.set('m1', 12.345)
    expect(store.get('m1')).toBe(12.3)
    store.clear('m1')
    expect(store.get('m1')).toBe(0)
  })

  it('keeps only the most recently saved positions, so it never grows without bound', () => {
    let clock = 0
    const storage = memoryStorage()
    const store = createPositionStore(storage, () => ++clock)
    for (let i = 0; i <= MAX_KEPT_POSITIONS; i++) store.set(`m${i}`, 5)
    const kept = JSON.parse(storage.values.get(POSITIONS_STORAGE_KEY) ?? '{}') as Record<string, unknown>
    expect(Object.keys(kept)).toHaveLength(MAX_KEPT_POSITIONS)
    // the oldest went first
    expect(store.get('m0')).toBe(0)
    expect(store.get(`m${MAX_KEPT_POSITIONS}`)).toBe(5)
  })

  it('reads what another version or a broken write left as nothing to resume, and carries on', () => {
    for (const stored of ['not json', '[1,2]', '{"m1":"ten"}', '{"m1":[-3,1]}', '{"m1":["NaN",1]}']) {
      const store = createPositionStore(memoryStorage({ [POSITIONS_STORAGE_KEY]: stored }))
      expect(store.get('m1'), stored).toBe(0)
      store.set('m2', 4)
      expect(store.get('m2'), stored).toBe(4)
    }
  })

  it('works without storage, and when storage refuses to write', () => {
    expect(createPositionStore(null).get('m1')).toBe(0)
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(() => createPositionStore(full).set('m1', 3)).not.toThrow()
  })
})
