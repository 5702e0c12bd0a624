import { useEffect, useLayoutEffect, useMemo } from 'react'
import { Toaster as Sonner, toast, useSonner, type ToasterProps } from 'sonner'
import { MOBILE_BREAKPOINT_PX } from '#shared/limits.ts'
import { useResolvedDark } from '#web/lib/theme.ts'
import { toasterReady } from '#web/lib/toast.ts'
import { useMediaQuery } from '#web/lib/use-media-query.ts'

/**
 * Where toasts stand (decisions 90 and 140): never over a control. From 768 px up, top-center just below the header
 * row (headers are 64 px tall), where a page keeps its margins. On phones at the very top, and the page makes room:
 * `--toast-band` (the toast's height and its margins) moves the page down while a toast shows (styles.css), or grows
 * a sticky top bar that offers the room itself (`data-toast-room`, the conversation's header).
 */
const TOAST_OFFSET = { top: 72, bottom: 24 } as const
const PHONE_TOP_PX = 8
const TOAST_PHONE_OFFSET = {
  top: `calc(env(safe-area-inset-top) + ${PHONE_TOP_PX}px)`,
  bottom: `calc(env(safe-area-inset-bottom) + ${PHONE_TOP_PX}px)`,
  left: 12,
  right: 12,
} as const

/** The height a phone keeps for a toast when choosing its edge, before the toast itself is measured. */
const PHONE_TOAST_ROOM_PX = 96

/** Whether an enabled control of the page (not of a toast) shows between `top` and `bottom` of the viewport. */
function controlBetween(top: number, bottom: number): boolean {
  const controls = document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role=slider], [role=switch]')
  return [...controls].some((control) => {
    if (control.closest('[data-sonner-toaster]') || control.matches(':disabled, [aria-disabled=true]')) return false
    const box = control.getBoundingClientRect()
    return box.width > 1 && box.height > 1 && box.top < bottom && box.bottom > top
  })
}

/**
 * The edge a phone's toast stands at: the top, where the page makes room for it (`--toast-band`), unless the page is
 * scrolled away from its top (it then stays where it is, so the room would not be empty) with a control at the top
 * of the screen and none at the bottom: then the bottom.
 */
function phoneEdge(): 'top' | 'bottom' {
  if (window.scrollY <= 0 || document.querySelector('[data-toast-room]')) return 'top'
  const bottom = window.innerHeight
  return controlBetween(0, PHONE_TOAST_ROOM_PX) && !controlBetween(bottom - PHONE_TOAST_ROOM_PX, bottom) ? 'bottom' : 'top'
}

/**
 * While a toast shows on a phone: chooses its edge once as it appears (`phoneEdge`) and, at the top, sets
 * `--toast-band` on the root to its height plus the margins above and below.
 */
function useToastBand(phone: boolean): 'top' | 'bottom' {
  const { toasts } = useSonner()
  const showing = toasts.length > 0
  // read once as a toast appears, from the page as it stands before the toast is drawn
  const edge = useMemo(() => (phone && showing ? phoneEdge() : 'top'), [phone, showing])
  useLayoutEffect(() => {
    const root = document.documentElement
    const clear = () => void root.style.removeProperty('--toast-band')
    if (!phone || !showing || edge !== 'top') {
      clear()
      return
    }
    const measure = () => {
      const shown = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])')]
      const height = Math.max(0, ...shown.map((toast) => toast.getBoundingClientRect().height))
      if (height > 0) root.style.setProperty('--toast-band', `calc(env(safe-area-inset-top) + ${Math.ceil(height) + PHONE_TOP_PX * 2}px)`)
      else clear()
    }
    measure()
    // the toast is drawn (and later leaves) after this effect: follow it
    const observer = new MutationObserver(measure)
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-removed', 'data-mounted'] })
    return () => {
      observer.disconnect()
      clear()
    }
  }, [phone, showing, edge])
  return edge
}

/**
 * Holds a toast open while it has keyboard focus, as it is held while the pointer rests on it (decision 130): Sonner
 * pauses its timers only for the pointer, so focus coming in is told to it as the pointer entering, and focus
 * leaving (with the pointer elsewhere) as the pointer leaving. Without it, an Undo reached by keyboard could vanish
 * under the key press.
 */
function holdToastsWhileFocused(): () => void {
  const toasterOf = (node: EventTarget | null) => (node instanceof Element ? node.closest('[data-sonner-toaster]') : null)
  const onFocusIn = (event: FocusEvent) => {
    const toaster = toasterOf(event.target)
    if (toaster && toasterOf(event.relatedTarget) !== toaster) toaster.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
  }
  const onFocusOut = (event: FocusEvent) => {
    const toaster = toasterOf(event.target)
    if (!toaster || toasterOf(event.relatedTarget) === toaster || toaster.matches(':hover')) return
    toaster.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }))
  }
  document.addEventListener('focusin', onFocusIn)
  document.addEventListener('focusout', onFocusOut)
  return () => {
    document.removeEventListener('focusin', onFocusIn)
    document.removeEventListener('focusout', onFocusOut)
  }
}

/**
 * Toasts: one visible at a time, shown 5 s (spec cache and UI settings), following the page's theme. Loaded after the
 * first paint; the app says its toasts through lib/toast.ts, which hands them over once this listens.
 */
export function Toaster(props: ToasterProps) {
  // Sonner's own effect, which starts listening, ran first (a child's effects run before its parent's)
  useEffect(() => toasterReady(toast), [])
  useEffect(holdToastsWhileFocused, [])
  const dark = useResolvedDark()
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`)
  const edge = useToastBand(!wide)
  return (
    <Sonner
      theme={dark ? 'dark' : 'light'}
      position={!wide && edge === 'bottom' ? 'bottom-center' : 'top-center'}
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_PHONE_OFFSET}
      visibleToasts={1}
      duration={5000}
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
      {...props}
    />
  )
}
