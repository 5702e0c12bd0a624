/**
 * Where a toast stands (decision 209): fixed over the page, out of its flow, at the lowest spot of the window where it
 * covers no control, as a chat app's snackbar sits just above the composer. Pure: the Toaster measures the page and
 * this picks the spot.
 */

/** A vertical stretch of the window, in px from its top; `weight` is how much covering it costs (1 when absent). */
export type Span = { top: number; bottom: number; weight?: number }

/** Room kept between a toast and a control, and between a toast and the window's edges. */
export const TOAST_CLEARANCE_PX = 8
/** Spots are tried this far apart, from the bottom up. */
const STEP_PX = 2

type SpotInput = {
  /** the controls (or bars of controls) under the toast's width, as spans of the window */
  obstacles: readonly Span[]
  viewportHeight: number
  toastHeight: number
  /** the safe area at the top and bottom of the window (a phone's notch and home indicator) */
  insets: { top: number; bottom: number }
  /** the toast's distance from the window's bottom now: kept while it is still free, so a toast does not wander */
  current?: number | null
}

const overlaps = (a: Span, b: Span) => a.top < b.bottom && b.top < a.bottom

/**
 * The toast's distance from the bottom of the window, in px: where it stays clear (by TOAST_CLEARANCE_PX) of every
 * obstacle, the lowest such spot; where none is, the lowest spot whose obstacles weigh least. The current spot wins
 * while it covers no control (obstacles weighing under 1, such as labels, aside).
 */
export function toastBottomOffset({ obstacles, viewportHeight, toastHeight, insets, current = null }: SpotInput): number {
  const lowest = insets.bottom + TOAST_CLEARANCE_PX
  const highest = Math.max(lowest, viewportHeight - insets.top - TOAST_CLEARANCE_PX - toastHeight)
  const padded = obstacles.map((o) => ({ top: o.top - TOAST_CLEARANCE_PX, bottom: o.bottom + TOAST_CLEARANCE_PX, weight: o.weight ?? 1 }))
  const cost = (offset: number) => {
    const span = { top: viewportHeight - offset - toastHeight, bottom: viewportHeight - offset }
    return padded.reduce((sum, o) => sum + (overlaps(o, span) ? o.weight : 0), 0)
  }
  // a spot over no control (a label's small weight aside) is kept: a toast that wanders is hard to tap
  if (current !== null && current >= lowest && current <= highest && cost(current) < 1) return current
  let best = lowest
  let bestCost = Number.POSITIVE_INFINITY
  for (let offset = lowest; offset <= highest; offset += STEP_PX) {
    const c = cost(offset)
    if (c === 0) return offset
    if (c < bestCost) {
      best = offset
      bestCost = c
    }
  }
  return best
}
