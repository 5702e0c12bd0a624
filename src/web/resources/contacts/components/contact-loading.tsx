import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { LoaderCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import type * as React from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'

/** The loading-slow warning (docs/product/conversation.md). */
export const LOADING_SLOW_MS = 8_000

const CONTACT_LOADING_MESSAGES = {
  title: { id: 'contacts.loadingProfile.title', defaultMessage: 'Loading contact profile...' },
  hint: { id: 'contacts.loadingProfile.hint', defaultMessage: 'This should only take a moment' },
  slow: { id: 'contacts.loadingProfile.slow', defaultMessage: 'Loading is taking longer than expected' },
  slowNote: { id: 'contacts.loadingProfile.slowNote', defaultMessage: 'Your connection may be slow. We keep trying in the background.' },
  retryAttempt: { id: 'contacts.loadingProfile.retryAttempt', defaultMessage: 'Retry attempt {count}' },
} satisfies Record<string, MessageDescriptor>

type ContactLoadingProps = React.ComponentProps<'div'> & {
  title?: string
  /** TanStack's failureCount: from 1 on, 'Retry attempt N' is shown */
  failureCount: number
  onRetry: () => void
  onBack: () => void
}

/**
 * The wrapper while a contact loads (docs/product/conversation.md): a spinner and reassurance; after 8 s the slow
 * warning, the retry count once a retry has happened, and Try Again / Go Back.
 */
export function ContactLoading({ title, failureCount, onRetry, onBack, className, ...props }: ContactLoadingProps) {
  const intl = useIntl()
  const retryAttempt = intl.formatMessage(CONTACT_LOADING_MESSAGES.retryAttempt, { count: failureCount })
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), LOADING_SLOW_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div
      data-slot="contact-loading"
      aria-busy="true"
      className={cn('flex flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center', className)}
      {...props}
    >
      <LoaderCircle aria-hidden className="size-8 animate-spin text-primary" />
      <p role="status" className="font-medium">
        {title ?? intl.formatMessage(CONTACT_LOADING_MESSAGES.title)}
      </p>
      <p className="text-sm text-muted-foreground">{intl.formatMessage(CONTACT_LOADING_MESSAGES.hint)}</p>
      {slow && (
        <div className="mt-2 flex flex-col items-center gap-1 rounded-xl border bg-card px-4 py-3 text-sm shadow-xs">
          <p role="alert" className="font-medium">
            {intl.formatMessage(CONTACT_LOADING_MESSAGES.slow)}
          </p>
          <p className="text-muted-foreground">{intl.formatMessage(CONTACT_LOADING_MESSAGES.slowNote)}</p>
          {failureCount > 0 && <p className="text-muted-foreground">{retryAttempt}</p>}
        </div>
      )}
      {!slow && failureCount > 0 && <p className="text-sm text-muted-foreground">{retryAttempt}</p>}
      <div className="mt-2 flex gap-2">
        <Button onClick={onRetry}>
          <FormattedMessage id="common.tryAgain" defaultMessage="Try Again" />
        </Button>
        <Button variant="outline" onClick={onBack}>
          <FormattedMessage id="common.goBack" defaultMessage="Go Back" />
        </Button>
      </div>
    </div>
  )
}

/** A message card while the conversation loads. */
export function MessageCardSkeleton({ className }: { className?: string }) {
  return (
    <div data-slot="message-card-skeleton" className={cn('flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm', className)}>
      <div className="flex justify-between">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-4 w-20" />
      </div>
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-full" />
        <Skeleton className="h-8 flex-1" />
        <Skeleton className="h-4 w-8" />
      </div>
      <Skeleton className="h-4 w-3/4" />
    </div>
  )
}

/** Two message cards while a conversation or its messages load; `label` is what a screen reader hears. */
export function MessageCardsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        {label}
      </span>
      <MessageCardSkeleton />
      <MessageCardSkeleton />
    </div>
  )
}

/** Compact conversation rows while the detail's messages load. */
export function ConversationRowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span role="status" className="sr-only">
        <FormattedMessage id="contacts.loadingMessages" defaultMessage="Loading messages" />
      </span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  )
}
