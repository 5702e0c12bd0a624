import { Toaster as Sonner } from 'sonner'

/** Toasts: one at a time, 5 s (spec constants). */
export function Toaster() {
  return <Sonner visibleToasts={1} duration={5000} position="top-center" richColors closeButton />
}
