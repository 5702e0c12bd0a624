import { AlertCircle } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'

export function QueryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center">
      <AlertCircle aria-hidden className="size-6 text-destructive" />
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  )
}
