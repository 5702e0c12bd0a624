import { useEffect, useLayoutEffect, useState } from 'react'
import { Toaster as Sonner, toast, useSonner, type ToasterProps } from 'sonner'
import { useResolvedDark } from '#web/lib/theme.ts'
import { toasterReady } from '#web/lib/toast.ts'

/**
 * Where toasts stand (decision 147): at every width in a band at the top of the window that the page gives up while a
 * toast shows, so a toast never covers a control. The toast stands 8 px under the safe area; the Toaster sets
 * `--toast-band` (its height and the margins above and below) on the root, the page moves down by that much
 * (styles.css), or a sticky top bar that offers the room itself (`data-toast-room`, the conversation's header) grows,
 * and an opaque strip fills the band under the toast. On a page scrolled away from its top what moves down into the
 * band goes under the strip, as it goes under a sticky header: nothing of the page shows, or takes a tap, beside the
 * toast.
 */
const TOP_PX = 8
const TOAST_OFFSET = { top: `calc(env(safe-area-inset-top) + ${TOP_PX}px)`, left: 12, right: 12 } as const

/** While a toast shows: `--toast-band` on the root, its height plus the margins above and below; whether it is set. */
function useToastBand(): boolean {
  const { toasts } = useSonner()
  const showing = toasts.length > 0
  const [band, setBand] = useState(false)
  useLayoutEffect(() => {
    const root = document.documentElement
    const clear = () => {
      root.style.removeProperty('--toast-band')
      setBand(false)
    }
    if (!showing) {
      clear()
      return
    }
    const measure = () => {
      const shown = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])')]
      const height = Math.max(0, ...shown.map((toast) => toast.getBoundingClientRect().height))
      if (height <= 0) return clear()
      root.style.setProperty('--toast-band', `calc(env(safe-area-inset-top) + ${Math.ceil(height) + TOP_PX * 2}px)`)
      setBand(true)
    }
    measure()
    // the toast is drawn (and later leaves) after this effect: follow it
    const observer = new MutationObserver(measure)
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-removed', 'data-mounted'] })
    return () => {
      observer.disconnect()
      clear()
    }
  }, [showing])
  return band
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
  const band = useToastBand()
  return (
    <>
      {/* under the toasts and over the page (and its sticky bars), under dialogs */}
      {band ? <div aria-hidden data-slot="toast-band" className="fixed inset-x-0 top-0 z-40 h-[var(--toast-band)] bg-background" /> : null}
      <Sonner
        theme={dark ? 'dark' : 'light'}
        position="top-center"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
        containerAriaLabel="Notifications"
        toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
        {...props}
      />
    </>
  )
}
