import { describe, expect, it } from 'vitest'
import { CANCEL_SLIDE_PX, HOLD_MS, holdPhaseOf, LOCK_SLIDE_PX } from './use-recorder.ts'

describe('holdPhaseOf: what a press of the mic means as it goes', () => {
  it('is a tap until it is held long enough, then a hold that sends on release', () => {
    expect(holdPhaseOf({ heldMs: HOLD_MS - 1, dx: 0, dy: 0 })).toBe('pressing')
    expect(holdPhaseOf({ heldMs: HOLD_MS, dx: 0, dy: 0 })).toBe('holding')
  })

  it('is a hold from the start once the finger slides (a wobble is not a slide)', () => {
    expect(holdPhaseOf({ heldMs: 50, dx: 5, dy: -5 })).toBe('pressing')
    expect(holdPhaseOf({ heldMs: 50, dx: -30, dy: 0 })).toBe('holding')
  })

  it('cancels far enough left, and back again it holds', () => {
    expect(holdPhaseOf({ heldMs: 2000, dx: -CANCEL_SLIDE_PX, dy: 0 })).toBe('cancelling')
    expect(holdPhaseOf({ heldMs: 2000, dx: -CANCEL_SLIDE_PX + 1, dy: 0 })).toBe('holding')
    // to the right is no cancel
    expect(holdPhaseOf({ heldMs: 2000, dx: CANCEL_SLIDE_PX * 2, dy: 0 })).toBe('holding')
  })

  it('locks far enough up, before anything else', () => {
    expect(holdPhaseOf({ heldMs: 2000, dx: -CANCEL_SLIDE_PX * 2, dy: -LOCK_SLIDE_PX })).toBe('locked')
    expect(holdPhaseOf({ heldMs: 2000, dx: 0, dy: LOCK_SLIDE_PX * 2 })).toBe('holding')
  })
})
