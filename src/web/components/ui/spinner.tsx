import { Loader2 } from 'lucide-react'
import { cn } from '#web/lib/utils.ts'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" data-slot="spinner" className="inline-flex">
      <Loader2 aria-hidden className={cn('size-5 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export function FullPageSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner className="size-8" />
    </div>
  )
}
