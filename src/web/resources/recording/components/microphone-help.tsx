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

type ProblemCardProps = React.ComponentProps<'section'> & { slot: string; title: string; description: React.ReactNode }

/** A microphone problem: the icon, what is wrong, and (as children) what to do about it. */
function ProblemCard({ slot, title, description, className, children, ...props }: ProblemCardProps) {
  return (
    <section data-slot={slot} aria-labelledby={`${slot}-title`} className={cn(cardClass, className)} {...props}>
      <IconBadge size="lg">
        <MicOff aria-hidden />
      </IconBadge>
      <div className="flex flex-col gap-1.5">
        <h2 id={`${slot}-title`} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        <p className="max-w-sm text-sm text-balance text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  )
}

/** The microphone is blocked for this site: how to allow it in each browser, then refresh. */
export function MicrophoneDeniedCard({ onRefresh, ...props }: React.ComponentProps<'section'> & { onRefresh: () => void }) {
  return (
    <ProblemCard
      slot="microphone-denied"
      title={MICROPHONE_TEXTS.deniedTitle}
      description="Hearth needs your microphone to record a voice message. Allow it in your browser, then refresh the page."
      {...props}
    >
      <dl className="grid w-full gap-2 text-start text-sm">
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
    </ProblemCard>
  )
}

/** getUserMedia found no microphone. */
export function NoMicrophoneCard({ onRetry, ...props }: React.ComponentProps<'section'> & { onRetry: () => void }) {
  return (
    <ProblemCard slot="no-microphone" title={MICROPHONE_TEXTS.noMicrophoneTitle} description={MICROPHONE_TEXTS.noMicrophoneBody} {...props}>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </ProblemCard>
  )
}
