import type { toast as sonnerToast } from 'sonner'

/**
 * The app's toasts, said through Sonner (components/ui/sonner.tsx) once its Toaster is on screen. Sonner and its
 * Toaster load after the first paint (decision 108): what is said before then waits and is shown when it is there,
 * in order, under the same id, so a loading toast still turns into its success or failure.
 */
type SonnerToast = typeof sonnerToast
type Kind = 'success' | 'error' | 'loading'
type Say = (toast: SonnerToast) => (...args: Parameters<SonnerToast>) => ToastId
type ToastId = string | number

let sonner: SonnerToast | undefined
const waiting: ((toast: SonnerToast) => void)[] = []
let wake: (() => void) | undefined
let counter = 0

function say(how: Say, ...[message, options]: Parameters<SonnerToast>): ToastId {
  if (sonner) return how(sonner)(message, options)
  const id = options?.id ?? `toast-${++counter}`
  waiting.push((toast) => how(toast)(message, { ...options, id }))
  wake?.()
  return id
}

const kind =
  (name: Kind): Say =>
  (toast) =>
    toast[name]

/** `toast(...)`, `toast.success(...)`, `toast.error(...)` and `toast.loading(...)`, as Sonner's. */
export const toast = Object.assign((...args: Parameters<SonnerToast>) => say((plain) => plain, ...args), {
  success: (...args: Parameters<SonnerToast['success']>) => say(kind('success'), ...args),
  error: (...args: Parameters<SonnerToast['error']>) => say(kind('error'), ...args),
  loading: (...args: Parameters<SonnerToast['loading']>) => say(kind('loading'), ...args),
})

/** Called by the Toaster once it listens: the toasts said so far are shown, and the next ones go straight to it. */
export function toasterReady(toast: SonnerToast): void {
  sonner = toast
  for (const show of waiting.splice(0)) show(toast)
}

/** Asks for the Toaster as soon as a toast waits for it (the Providers load it then, if not yet after the paint). */
export function onToastWaiting(run: () => void): () => void {
  wake = run
  if (waiting.length > 0) run()
  return () => {
    if (wake === run) wake = undefined
  }
}
