import { useIntl } from 'react-intl'
import { Moon, Sun } from 'lucide-react'
import { Suspense, useEffect, useRef, useState } from 'react'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { afterFirstPaint, lazyWithPreload } from '#web/lib/lazy-after-paint.ts'

// the menu (Radix) is not needed to draw the button: its code loads after the first paint (decision 108)
const ThemeMenuDropdown = lazyWithPreload(async () => (await import('./theme-menu-dropdown.tsx')).ThemeMenuDropdown)

/** The Theme button, the menu's trigger. */
export function ThemeMenuButton(props: ButtonProps) {
  const theme = useIntl().formatMessage({ id: 'theme.button', defaultMessage: 'Theme' })
  return (
    <Button variant="ghost" size="icon" aria-label={theme} title={theme} {...props}>
      <Sun aria-hidden className="size-5 dark:hidden" />
      <Moon aria-hidden className="hidden size-5 dark:block" />
    </Button>
  )
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown'])

/**
 * Light, Dark or System; the choice is stored and applied at once. The button is drawn with the page; the menu's
 * code comes after the first paint, and a press on the button before it is there opens the menu once it is.
 */
export function ThemeMenu() {
  const [wanted, setWanted] = useState(false)
  const [openAtOnce, setOpenAtOnce] = useState(false)
  const focused = useRef(false)
  useEffect(() => afterFirstPaint(() => setWanted(true)), [])

  const open = () => {
    setOpenAtOnce(true)
    setWanted(true)
  }
  const placeholder = (
    <ThemeMenuButton
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => (focused.current = true)}
      onBlur={() => (focused.current = false)}
      // as Radix's trigger opens: on a primary press, or Enter, Space or the down arrow
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return
        event.preventDefault()
        open()
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.has(event.key)) return
        event.preventDefault()
        open()
      }}
    />
  )
  if (!wanted) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <ThemeMenuDropdown defaultOpen={openAtOnce} focusTrigger={() => focused.current} />
    </Suspense>
  )
}
