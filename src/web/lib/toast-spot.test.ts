import { describe, expect, it } from 'vitest'
import { TOAST_CLEARANCE_PX, toastBottomOffset } from './toast-spot.ts'

const base = { viewportHeight: 844, toastHeight: 70, insets: { top: 0, bottom: 0 } }

describe('toastBottomOffset', () => {
  it('stands at the bottom of a window with nothing there', () => {
    expect(toastBottomOffset({ ...base, obstacles: [{ top: 0, bottom: 60 }] })).toBe(TOAST_CLEARANCE_PX)
  })

  it('stands above the safe area', () => {
    expect(toastBottomOffset({ ...base, insets: { top: 47, bottom: 34 }, obstacles: [] })).toBe(34 + TOAST_CLEARANCE_PX)
  })

  it('stands just above a bar at the bottom (a mini player, a composer), clear of it', () => {
    const offset = toastBottomOffset({ ...base, obstacles: [{ top: 740, bottom: 844 }] })
    const toastBottom = base.viewportHeight - offset
    expect(toastBottom).toBeLessThanOrEqual(740 - TOAST_CLEARANCE_PX)
    expect(toastBottom).toBeGreaterThan(740 - TOAST_CLEARANCE_PX - 3)
  })

  it('finds the free stretch between controls, and covers none of them', () => {
    const obstacles = [
      { top: 0, bottom: 64 },
      { top: 300, bottom: 344 },
      { top: 700, bottom: 844 },
      { top: 500, bottom: 690 },
    ]
    const offset = toastBottomOffset({ ...base, obstacles })
    const span = { top: 844 - offset - 70, bottom: 844 - offset }
    for (const o of obstacles) expect(span.bottom <= o.top || span.top >= o.bottom).toBe(true)
    // the lowest such stretch: between 344 and 500
    expect(span.top).toBeGreaterThanOrEqual(344)
  })

  it('keeps its spot while that spot stays free', () => {
    const obstacles = [{ top: 700, bottom: 844 }]
    expect(toastBottomOffset({ ...base, obstacles, current: 400 })).toBe(400)
    // covered now: it moves to the lowest free spot
    expect(toastBottomOffset({ ...base, obstacles: [...obstacles, { top: 380, bottom: 460 }], current: 400 })).not.toBe(400)
  })

  it('with no free spot, stands over the scrolling content rather than over a pinned bar', () => {
    const bubbles = Array.from({ length: 12 }, (_, i) => ({ top: i * 60, bottom: i * 60 + 30 }))
    const composer = { top: 760, bottom: 844, weight: 100 }
    const offset = toastBottomOffset({ ...base, obstacles: [...bubbles, composer] })
    expect(844 - offset).toBeLessThanOrEqual(760 - TOAST_CLEARANCE_PX)
  })

  it("keeps clear of a field's label where the screen allows, but covers a label rather than a control", () => {
    const label = { top: 760, bottom: 780, weight: 0.01 }
    const clear = toastBottomOffset({ ...base, obstacles: [label] })
    expect(844 - clear).toBeLessThanOrEqual(760 - TOAST_CLEARANCE_PX)
    const controls = Array.from({ length: 9 }, (_, i) => ({ top: i * 90, bottom: i * 90 + 50 })).filter((c) => c.top !== 720)
    const crowded = toastBottomOffset({ ...base, obstacles: [...controls, { top: 0, bottom: 640 }, label] })
    const span = { top: 844 - crowded - 70, bottom: 844 - crowded }
    for (const c of [...controls, { top: 0, bottom: 640 }])
      expect(span.bottom <= c.top - TOAST_CLEARANCE_PX || span.top >= c.bottom + TOAST_CLEARANCE_PX).toBe(true)
  })

  it('with no free spot, meets as few controls as it can', () => {
    const rows = Array.from({ length: 14 }, (_, i) => ({ top: i * 60, bottom: i * 60 + 56 }))
    const crowded = [...rows, { top: 0, bottom: 844 }]
    const offset = toastBottomOffset({ ...base, obstacles: crowded })
    expect(offset).toBeGreaterThanOrEqual(TOAST_CLEARANCE_PX)
    expect(offset).toBeLessThanOrEqual(844)
  })
})
