import { useIntl } from 'react-intl'
import { displayDirection } from '#web/i18n/locale.ts'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Toaster as Sonner, toast, useSonner, type ToasterProps } from 'sonner'
import { useResolvedDark } from '#web/lib/theme.ts'
import { toasterReady } from '#web/lib/toast.ts'
import { toastBottomOffset, type Span } from '#web/lib/toast-spot.ts'
import { useMediaQuery } from '#web/lib/use-media-query.ts'

/**
 * Where toasts stand (decision 209): fixed over the page and out of its flow, so nothing moves when one shows, at the
 * lowest spot of the window where the toast covers no control (`toastBottomOffset`): above the mini player, the
 * composer or the last button, as a chat app's snackbar sits above its composer, and above the safe area. Where every
 * spot has a control (a long conversation), it stands over the fewest controls of the scrolling content, never over a
 * pinned bar. The spot is measured when a toast shows and again when the page changes, scrolls or resizes under it; it
 * stays put while it is still free. 12 px from the sides on a phone; on a wide screen at the bottom right, beside the
 * page's column, where a toast most often covers nothing at all. Labels and headings are kept clear of where the
 * screen allows, so that a toast does not hide what a field is for.
 */
const SIDE_PX = 12
const WIDE_SCREEN = '(min-width: 768px)'
/** Text a toast had better not hide, where the screen allows: it weighs little next to a control. */
const LABELS = 'label, h1, h2, h3, legend'
const LABEL_WEIGHT = 0.01
const CONTROLS =
  'button, a[href], input, select, textarea, summary, [role=button], [role=slider], [role=switch], [role=link], [role=tab], [role=checkbox], [role=radio], [role=menuitem], [tabindex="0"]'
/** Bars that stand over the page: the toast keeps clear of all of them, not only of their buttons. */
const BARS = 'header, footer, nav, [data-slot=mini-player], [data-slot=conversation-header], [data-slot=conversation-composer]'

const isFixed = (element: Element) => {
  const position = getComputedStyle(element).position
  return position === 'fixed' || position === 'sticky'
}

/** The safe area at the top and bottom of the window, read from a probe that pads itself by it. */
function safeInsets(probe: HTMLElement | null): { top: number; bottom: number } {
  if (!probe) return { top: 0, bottom: 0 }
  const style = getComputedStyle(probe)
  return { top: parseFloat(style.paddingTop) || 0, bottom: parseFloat(style.paddingBottom) || 0 }
}

/** A control on a bar pinned over the page (a header, the composer, the mini player) weighs this much more. */
const PINNED_WEIGHT = 100

/**
 * What a toast between `left` and `right` must keep clear of: enabled visible controls, and bars over the page. A
 * control that scrolls with the page counts 1; one pinned over the page (and the bar itself) counts PINNED_WEIGHT,
 * so where no spot is free the toast stands over content a scroll moves away, never over the bars.
 */
function obstaclesUnder(left: number, right: number): Span[] {
  // under an open modal dialog only its own controls take a tap
  const modal = [...document.querySelectorAll<HTMLElement>('[role=dialog][aria-modal=true], [role=alertdialog]')].at(-1)
  const scope: ParentNode = modal ?? document
  const pinnedCache = new Map<Element, boolean>()
  const pinned = (element: Element | null): boolean => {
    if (!element || element === document.body) return false
    const known = pinnedCache.get(element)
    if (known !== undefined) return known
    const answer = isFixed(element) || pinned(element.parentElement)
    pinnedCache.set(element, answer)
    return answer
  }
  const spans: Span[] = []
  const add = (element: Element, weight?: number) => {
    if (element.closest('[data-sonner-toaster]')) return
    const rect = element.getBoundingClientRect()
    if (rect.width < 2 || rect.height < 2 || rect.right <= left || rect.left >= right) return
    if (rect.bottom <= 0 || rect.top >= window.innerHeight) return
    if (!element.checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true })) return
    spans.push({ top: rect.top, bottom: rect.bottom, weight: weight ?? (pinned(element) ? PINNED_WEIGHT : 1) })
  }
  for (const control of scope.querySelectorAll(CONTROLS)) if (!control.matches(':disabled, [aria-disabled=true]')) add(control)
  if (!modal) for (const bar of document.querySelectorAll(BARS)) if (isFixed(bar)) add(bar)
  for (const label of scope.querySelectorAll(LABELS)) add(label, LABEL_WEIGHT)
  return spans
}

/** The toaster's distance from the window's bottom while toasts show, kept free of controls; null when none shows. */
function useToastSpot(probe: React.RefObject<HTMLDivElement | null>): number | null {
  const { toasts } = useSonner()
  const showing = toasts.length > 0
  const [offset, setOffset] = useState<number | null>(null)
  const current = useRef<number | null>(null)
  useLayoutEffect(() => {
    if (!showing) {
      current.current = null
      return
    }
    let frame = 0
    const measure = () => {
      frame = 0
      const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')
      const shown = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])')]
      const toastHeight = Math.max(0, ...shown.map((node) => node.offsetHeight))
      if (!toaster || toastHeight === 0) return
      const { left, right } = toaster.getBoundingClientRect()
      const next = toastBottomOffset({
        obstacles: obstaclesUnder(left, right),
        viewportHeight: window.innerHeight,
        toastHeight,
        insets: safeInsets(probe.current),
        current: current.current,
      })
      current.current = next
      setOffset(next)
    }
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    // the toast is drawn after this effect, and the page may change, scroll or resize under it: follow both
    const observer = new MutationObserver(later)
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-removed', 'data-mounted', 'disabled', 'hidden', 'aria-modal'],
    })
    window.addEventListener('scroll', later, { capture: true, passive: true })
    window.addEventListener('resize', later)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      window.removeEventListener('scroll', later, { capture: true })
      window.removeEventListener('resize', later)
    }
  }, [showing, probe])
  return showing ? offset : null
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
  const probe = useRef<HTMLDivElement>(null)
  const bottom = useToastSpot(probe)
  const wide = useMediaQuery(WIDE_SCREEN)
  const offset = { bottom: bottom ?? 0, left: SIDE_PX, right: wide ? 2 * SIDE_PX : SIDE_PX }
  const intl = useIntl()
  return (
    <>
      <div
        ref={probe}
        aria-hidden
        data-slot="toast-safe-area"
        className="pointer-events-none invisible fixed inset-x-0 top-0 h-0 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]"
      />
      <Sonner
        theme={dark ? 'dark' : 'light'}
        position={wide ? 'bottom-right' : 'bottom-center'}
        offset={offset}
        mobileOffset={offset}
        visibleToasts={1}
        duration={5000}
        richColors
        closeButton
        dir={displayDirection(intl.locale)}
        containerAriaLabel={intl.formatMessage({ id: 'toast.region', defaultMessage: 'Notifications' })}
        toastOptions={{
          classNames: { toast: 'font-sans', description: 'text-sm' },
          closeButtonAriaLabel: intl.formatMessage({ id: 'toast.close', defaultMessage: 'Close notification' }),
        }}
        {...props}
      />
    </>
  )
}
