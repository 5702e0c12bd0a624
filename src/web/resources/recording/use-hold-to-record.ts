import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react'

/** A press held this long is a hold (release sends); a shorter one is a tap (the take goes on hands-free). */
export const HOLD_MS = 600
/** Sliding this far left while holding cancels on release. */
export const CANCEL_SLIDE_PX = 96
/** Sliding this far up while holding locks the take: it goes on hands-free, as after a tap. */
export const LOCK_SLIDE_PX = 72

/**
 * Where a press of the mic stands: `pressing` (down, not yet a hold), `holding` (release sends), `cancelling` (slid
 * left: release discards). `idle` when no press is under way.
 */
export type HoldPhase = 'idle' | 'pressing' | 'holding' | 'cancelling'

/** What a press that moved `dx`/`dy` px (right and down positive) after `heldMs` means now. */
export function holdPhaseOf({ heldMs, dx, dy }: { heldMs: number; dx: number; dy: number }): HoldPhase | 'locked' {
  if (-dy >= LOCK_SLIDE_PX) return 'locked'
  if (-dx >= CANCEL_SLIDE_PX) return 'cancelling'
  // a slide is a hold from the start: nobody slides a tap
  return heldMs >= HOLD_MS || Math.hypot(dx, dy) > 12 ? 'holding' : 'pressing'
}

type Options = {
  /** starts a take; answers whether it started (no microphone, a refusal: false) */
  start: () => Promise<boolean>
  /** released while holding: stop and send */
  onRelease: () => void
  /** released after sliding left: discard */
  onCancel: () => void
  disabled?: boolean
}

/**
 * Press-and-hold on the mic, as people know it from WhatsApp and Signal (decision 112): the take starts on press;
 * a tap leaves it running hands-free (Stop, listen, Send, as before); holding and releasing sends it at once; sliding
 * left cancels and sliding up locks it hands-free. Keyboard and screen-reader users tap (Enter or Space), which
 * behaves exactly as a click always did. The pointer is captured, so the gesture follows the finger off the button.
 */
export function useHoldToRecord({ start, onRelease, onCancel, disabled = false }: Options) {
  const [phase, setPhase] = useState<HoldPhase>('idle')
  /** how far the finger slid left, for the hint to follow it */
  const [slide, setSlide] = useState(0)
  const press = useRef<{ x: number; y: number; at: number; pointerId: number } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  /** the click that ends a pointer press is that press's, not a keyboard tap */
  const pointerClick = useRef(false)

  useEffect(() => () => clearTimeout(timer.current), [])

  // the click, if the browser sends one, comes right after the pointer's release
  const forgetPointerClick = () => setTimeout(() => (pointerClick.current = false), 0)

  const end = () => {
    clearTimeout(timer.current)
    press.current = null
    setPhase('idle')
    setSlide(0)
  }

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (disabled || event.button !== 0 || press.current) return
    pointerClick.current = true
    // no text selection or callout on a long press
    event.preventDefault()
    event.currentTarget.setPointerCapture?.(event.pointerId)
    press.current = { x: event.clientX, y: event.clientY, at: event.timeStamp, pointerId: event.pointerId }
    setPhase('pressing')
    timer.current = setTimeout(() => setPhase((now) => (now === 'pressing' ? 'holding' : now)), HOLD_MS)
    void start().then((started) => {
      if (!started) end()
    })
  }

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const from = press.current
    if (!from || event.pointerId !== from.pointerId) return
    const dx = event.clientX - from.x
    const next = holdPhaseOf({ heldMs: event.timeStamp - from.at, dx, dy: event.clientY - from.y })
    // locked: the press is over, the take goes on hands-free
    if (next === 'locked') return end()
    setSlide(Math.min(0, dx))
    setPhase(next)
  }

  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const from = press.current
    if (!from || event.pointerId !== from.pointerId) return
    const held = holdPhaseOf({ heldMs: event.timeStamp - from.at, dx: event.clientX - from.x, dy: event.clientY - from.y })
    end()
    forgetPointerClick()
    if (held === 'holding') onRelease()
    else if (held === 'cancelling') onCancel()
    // a tap, or locked: the take goes on hands-free
  }

  // the browser took the pointer (a system gesture): nothing is lost, the take goes on hands-free
  const onPointerCancel = () => {
    if (press.current) end()
    forgetPointerClick()
  }

  // Enter, Space, or a click no pointer press began
  const onClick = () => {
    if (!pointerClick.current && !disabled) void start()
  }

  return {
    phase,
    slide,
    pressed: phase !== 'idle',
    bind: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClick, onContextMenu: (e: MouseEvent) => e.preventDefault() },
  }
}
