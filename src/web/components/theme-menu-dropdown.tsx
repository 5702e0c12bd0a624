import { defineMessage, FormattedMessage } from 'react-intl'
import { Monitor, Moon, Sun } from 'lucide-react'
import { useLayoutEffect, useRef } from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx'
import { parseTheme, useTheme } from '#web/lib/theme.ts'
import { ThemeMenuButton } from './theme-menu.tsx'

const OPTIONS = [
  { value: 'light', label: defineMessage({ id: 'theme.light', defaultMessage: 'Light' }), icon: Sun },
  { value: 'dark', label: defineMessage({ id: 'theme.dark', defaultMessage: 'Dark' }), icon: Moon },
  { value: 'system', label: defineMessage({ id: 'theme.system', defaultMessage: 'System' }), icon: Monitor },
] as const

type ThemeMenuDropdownProps = {
  /** the button was pressed before this code was there */
  defaultOpen: boolean
  /** whether the button this one replaces had the focus */
  focusTrigger: () => boolean
}

/** ThemeMenu's menu: Light, Dark or System, on Radix's dropdown menu. */
export function ThemeMenuDropdown({ defaultOpen, focusTrigger }: ThemeMenuDropdownProps) {
  const { theme, setTheme } = useTheme()
  const trigger = useRef<HTMLButtonElement>(null)
  // the placeholder button left the page: the focus it had goes to this one
  useLayoutEffect(() => {
    if (!defaultOpen && focusTrigger()) trigger.current?.focus()
  }, [defaultOpen, focusTrigger])
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeMenuButton ref={trigger} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <FormattedMessage id="theme.menu.label" defaultMessage="Appearance" />
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(parseTheme(value))}>
          {OPTIONS.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon aria-hidden />
              <FormattedMessage {...label} />
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
