import { MicOff, RefreshCw, RotateCw } from 'lucide-react'
import type * as React from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'

const MICROPHONE_MESSAGES = {
  deniedTitle: { id: 'recorder.microphone.denied.title', defaultMessage: 'Microphone Access Required' },
  deniedBody: {
    id: 'recorder.microphone.denied.body',
    defaultMessage: 'Hearth needs your microphone to record a voice message. Allow it in your browser, then refresh the page.',
  },
  refresh: { id: 'recorder.microphone.denied.refresh', defaultMessage: 'Refresh Page' },
  safari: {
    id: 'recorder.microphone.denied.safari',
    defaultMessage: 'Open Safari > Settings > Websites > Microphone, and choose Allow for this site.',
  },
  chrome: {
    id: 'recorder.microphone.denied.chrome',
    defaultMessage: 'Click the camera or lock icon in the address bar, open Site settings, and set Microphone to Allow.',
  },
  firefox: {
    id: 'recorder.microphone.denied.firefox',
    defaultMessage: 'Click the microphone icon in the address bar and remove the block.',
  },
  noMicrophoneTitle: { id: 'recorder.microphone.missing.title', defaultMessage: 'No Microphone Found' },
  noMicrophoneBody: {
    id: 'recorder.microphone.missing.body',
    defaultMessage: 'Hearth could not find a microphone. Connect one (or a headset with a microphone) and try again.',
  },
  tryAgain: { id: 'recorder.microphone.missing.tryAgain', defaultMessage: 'Try again' },
} satisfies Record<string, MessageDescriptor>

/** The browsers' own names stay as they are; the steps are said in the reader's language. */
const BROWSER_STEPS = [
  { browser: 'Safari', steps: MICROPHONE_MESSAGES.safari },
  { browser: 'Chrome', steps: MICROPHONE_MESSAGES.chrome },
  { browser: 'Firefox', steps: MICROPHONE_MESSAGES.firefox },
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
  const intl = useIntl()
  return (
    <ProblemCard
      slot="microphone-denied"
      title={intl.formatMessage(MICROPHONE_MESSAGES.deniedTitle)}
      description={intl.formatMessage(MICROPHONE_MESSAGES.deniedBody)}
      {...props}
    >
      <dl className="grid w-full gap-2 text-start text-sm">
        {BROWSER_STEPS.map(({ browser, steps }) => (
          <div key={browser} className="rounded-xl bg-muted/60 px-4 py-3">
            <dt className="font-medium">{browser}</dt>
            <dd className="text-muted-foreground">{intl.formatMessage(steps)}</dd>
          </div>
        ))}
      </dl>
      <Button onClick={onRefresh} className="w-full sm:w-auto">
        <RefreshCw aria-hidden />
        {intl.formatMessage(MICROPHONE_MESSAGES.refresh)}
      </Button>
    </ProblemCard>
  )
}

/** getUserMedia found no microphone. */
export function NoMicrophoneCard({ onRetry, ...props }: React.ComponentProps<'section'> & { onRetry: () => void }) {
  const intl = useIntl()
  return (
    <ProblemCard
      slot="no-microphone"
      title={intl.formatMessage(MICROPHONE_MESSAGES.noMicrophoneTitle)}
      description={intl.formatMessage(MICROPHONE_MESSAGES.noMicrophoneBody)}
      {...props}
    >
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden />
        {intl.formatMessage(MICROPHONE_MESSAGES.tryAgain)}
      </Button>
    </ProblemCard>
  )
}
