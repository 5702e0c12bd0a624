import { useEffect, useRef } from 'react'
import type * as React from 'react'

export const LONG_PRESS_MS = 500
/** A pointer that wanders further than this is scrolling or dragging, not pressing. */
const LONG_PRESS_MOVE_TOLERANCE_PX = 10

type LongPressHandlers = Pick<
  React.DOMAttributes<HTMLElement>,
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerLeave' | 'onPointerCancel' | 'onContextMenu' | 'onClickCapture'
>

/**
 * Right-click or a 500 ms press (docs/product/circle.md: "on wide screens a right-click or long-press on a tile triggers
 * the long-press action"). The click that ends a long press is swallowed, so a tile that is a link does not open too.
 * Returns no handlers when disabled, so phones keep their own long-press behaviour.
 */
export function useLongPress(onLongPress: () => void, enabled: boolean): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const start = useRef<{ x: number; y: number } | null>(null)
  const fired = useRef(false)

  useEffect(() => () => clearTimeout(timer.current), [])

  if (!enabled) return {}

  const cancel = () => {
    clearTimeout(timer.current)
    timer.current = undefined
    start.current = null
  }

  return {
    onPointerDown: (event) => {
      if (event.button !== 0) return
      fired.current = false
      start.current = { x: event.clientX, y: event.clientY }
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        fired.current = true
        start.current = null
        onLongPress()
      }, LONG_PRESS_MS)
    },
    onPointerMove: (event) => {
      if (!start.current) return
      if (Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y) > LONG_PRESS_MOVE_TOLERANCE_PX) cancel()
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event) => {
      event.preventDefault()
      cancel()
      onLongPress()
    },
    onClickCapture: (event) => {
      if (!fired.current) return
      fired.current = false
      event.preventDefault()
      event.stopPropagation()
    },
  }
}
