import { MicOff, RefreshCw, RotateCw } from 'lucide-react'
import type * as React from 'react'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'

export const MICROPHONE_TEXTS = {
  deniedTitle: 'Microphone Access Required',
  noMicrophoneTitle: 'No Microphone Found',
  noMicrophoneBody: 'Hearth could not find a microphone. Connect one (or a headset with a microphone) and try again.',
} as const

const BROWSER_STEPS = [
  { browser: 'Safari', steps: 'Open Safari > Settings > Websites > Microphone, and choose Allow for this site.' },
  { browser: 'Chrome', steps: 'Click the camera or lock icon in the address bar, open Site settings, and set Microphone to Allow.' },
  { browser: 'Firefox', steps: 'Click the microphone icon in the address bar and remove the block.' },
] as const

const cardClass = 'flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-8 text-center shadow-sm'

function ProblemIcon() {
  return (
    <IconBadge size="lg">
      <MicOff aria-hidden />
    </IconBadge>
  )
}

/** The microphone is blocked for this site: how to allow it in each browser, then refresh (spec 001 /record). */
export function MicrophoneDeniedCard({ onRefresh, className, ...props }: React.ComponentProps<'section'> & { onRefresh: () => void }) {
  return (
    <section data-slot="microphone-denied" aria-labelledby="microphone-denied-title" className={cn(cardClass, className)} {...props}>
      <ProblemIcon />
      <div className="flex flex-col gap-1.5">
        <h2 id="microphone-denied-title" className="text-xl font-semibold tracking-tight">
          {MICROPHONE_TEXTS.deniedTitle}
        </h2>
        <p className="max-w-sm text-sm text-balance text-muted-foreground">
          Hearth needs your microphone to record a voice message. Allow it in your browser, then refresh the page.
        </p>
      </div>
      <dl className="grid w-full gap-2 text-left text-sm">
        {BROWSER_STEPS.map(({ browser, steps }) => (
          <div key={browser} className="rounded-xl bg-muted/60 px-4 py-3">
            <dt className="font-medium">{browser}</dt>
            <dd className="text-muted-foreground">{steps}</dd>
          </div>
        ))}
      </dl>
      <Button onClick={onRefresh} className="w-full sm:w-auto">
        <RefreshCw aria-hidden />
        Refresh Page
      </Button>
    </section>
  )
}

/** getUserMedia found no microphone. */
export function NoMicrophoneCard({ onRetry, className, ...props }: React.ComponentProps<'section'> & { onRetry: () => void }) {
  return (
    <section data-slot="no-microphone" aria-labelledby="no-microphone-title" className={cn(cardClass, className)} {...props}>
      <ProblemIcon />
      <div className="flex flex-col gap-1.5">
        <h2 id="no-microphone-title" className="text-xl font-semibold tracking-tight">
          {MICROPHONE_TEXTS.noMicrophoneTitle}
        </h2>
        <p className="max-w-sm text-sm text-balance text-muted-foreground">{MICROPHONE_TEXTS.noMicrophoneBody}</p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </section>
  )
}
