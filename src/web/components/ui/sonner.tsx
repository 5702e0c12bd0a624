import { Toaster as Sonner, type ToasterProps } from 'sonner'
import { useResolvedDark } from '#web/lib/theme.ts'

/** Toasts: one visible at a time, shown 5 s (spec cache and UI settings), following the page's theme. */
export function Toaster(props: ToasterProps) {
  const dark = useResolvedDark()
  return (
    <Sonner
      theme={dark ? 'dark' : 'light'}
      position="top-center"
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
