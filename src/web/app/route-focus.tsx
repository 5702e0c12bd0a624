import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { announce } from '#web/lib/announce.ts'
import { focusIsLost, pageHeading } from '#web/lib/focus.ts'

/** How long a new screen may take to show its heading (a lazy page, then its first query) before we give up. */
const SETTLE_MS = 5000

/** Focuses the heading without scrolling (scroll restoration owns the scroll position); false when there is none. */
function focusHeading(): boolean {
  const heading = pageHeading()
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
  return document.activeElement === heading
}

/**
 * Focus after every in-app move, as accessible single-page apps do (docs/decisions/126-*.md):
 * once the new screen shows its heading, focus goes there, unless the screen placed focus itself (the recorder's
 * button) or the control that was pressed is still on screen; in that case the new screen's name is announced
 * politely instead. And when the focused control disappears under the person's hands (an archived tile, a closed
 * dialog whose button went, a switch that is saving), focus goes to the heading rather than to the page's body.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const firstScreen = useRef(true)

  useEffect(() => {
    // the first screen of a visit is where the browser put focus; only moves within the app are ours to follow
    if (firstScreen.current) {
      firstScreen.current = false
      return
    }
    const started = performance.now()
    let frame = 0
    const settle = () => {
      const heading = pageHeading()
      if (heading && focusIsLost()) {
        if (focusHeading()) return
      } else if (heading) {
        // the title ("Settings - Hearth"), which names the screen without repeating a text on it
        announce(document.title)
        return
      }
      if (performance.now() - started < SETTLE_MS) frame = requestAnimationFrame(settle)
    }
    frame = requestAnimationFrame(settle)
    return () => cancelAnimationFrame(frame)
  }, [pathname])

  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) return
      const left = event.target
      // leaving the window, or clicking on plain text, also blurs to nothing; only a control that went away counts
      setTimeout(() => {
        const gone = left instanceof HTMLElement && (!left.isConnected || left.matches(':disabled'))
        if (gone && focusIsLost()) focusHeading()
      })
    }
    document.addEventListener('focusout', onFocusOut)
    return () => document.removeEventListener('focusout', onFocusOut)
  }, [])

  return null
}
