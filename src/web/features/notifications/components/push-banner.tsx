import { BellRing, X } from 'lucide-react'
import { useState } from 'react'
import { PUSH_TEXTS } from '#shared/notifications.ts'
import { Button } from '#web/components/ui/button.tsx'
import { usePush } from '../push.ts'

const DISMISSED_KEY = 'hearth.push-banner-dismissed'

const dismissedBefore = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** Home's offer to turn on push (docs/product/settings.md): only where push works and the person has not decided; Later or ✕ hide it for good. */
export function PushBanner() {
  const push = usePush()
  const [dismissed, setDismissed] = useState(dismissedBefore)
  if (!push.supported || push.permission !== 'default' || dismissed || push.subscribed !== false) return null

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1')
    } catch {
      // private mode: hidden for this visit only
    }
    setDismissed(true)
  }

  return (
    <section
      data-slot="push-banner"
      aria-labelledby="push-banner-title"
      className="relative flex flex-col gap-3 rounded-2xl border bg-card p-4 pr-12 shadow-sm sm:flex-row sm:items-center"
    >
      <BellRing aria-hidden className="size-6 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="push-banner-title" className="font-semibold">
          {PUSH_TEXTS.bannerTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{PUSH_TEXTS.bannerBody}</p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" disabled={push.busy} onClick={() => void push.enable()}>
          {PUSH_TEXTS.enable}
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {PUSH_TEXTS.later}
        </Button>
      </div>
      <Button size="icon" variant="ghost" className="absolute top-2 right-2" aria-label={PUSH_TEXTS.bannerClose} onClick={dismiss}>
        <X aria-hidden />
      </Button>
    </section>
  )
}
