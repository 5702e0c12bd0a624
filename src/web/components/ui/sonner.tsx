import { useEffect } from 'react'
import { Toaster as Sonner, toast, type ToasterProps } from 'sonner'
import { MOBILE_BREAKPOINT_PX } from '#shared/limits.ts'
import { useResolvedDark } from '#web/lib/theme.ts'
import { toasterReady } from '#web/lib/toast.ts'
import { useMediaQuery } from '#web/lib/use-media-query.ts'

/**
 * Where toasts stand (decision 90): never over the header. From 768 px up, top-center just below the header row
 * (headers are 64 px tall); on phones at the bottom, in reach of the thumb and above the composer and the mini
 * player that sit there.
 */
const TOAST_OFFSET = { top: 72, bottom: 24 } as const
const TOAST_PHONE_OFFSET = { bottom: 'calc(env(safe-area-inset-bottom) + 6rem)', left: 12, right: 12 } as const

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
  return (
    <Sonner
      theme={dark ? 'dark' : 'light'}
      position={wide ? 'top-center' : 'bottom-center'}
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
