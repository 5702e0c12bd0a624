import { FormattedMessage } from 'react-intl'
import { CircleAlert, RotateCw } from 'lucide-react'
import type * as React from 'react'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useErrorMessage } from '#web/lib/errors.ts'
import { cn } from '#web/lib/utils.ts'

type QueryErrorProps = React.ComponentProps<'div'> & {
  /** A human sentence: what failed. */
  message: string
  /** The underlying error's text (`useErrorMessage`), shown small under the message when it adds something. */
  detail?: string
  onRetry: () => void
  retrying?: boolean
}

/** The error state of a data view: a message and a Retry button wired to the query's refetch. */
export function QueryError({ message, detail, onRetry, retrying = false, className, ...props }: QueryErrorProps) {
  return (
    <div
      data-slot="query-error"
      role="alert"
      className={cn('flex flex-col items-center gap-3 rounded-2xl border bg-card px-6 py-8 text-center', className)}
      {...props}
    >
      <IconBadge className="size-11">
        <CircleAlert aria-hidden />
      </IconBadge>
      <p className="font-medium">{message}</p>
      {detail && detail !== message && <p className="max-w-sm text-sm text-muted-foreground">{detail}</p>}
      <Button variant="outline" onClick={onRetry} disabled={retrying} className="mt-1">
        <RotateCw aria-hidden className={cn(retrying && 'animate-spin')} />
        <FormattedMessage id="common.retry" defaultMessage="Retry" />
      </Button>
    </div>
  )
}

/** What QueryErrorFor reads from a TanStack query result. */
export type RefetchableQuery = { error: Error | null; isFetching: boolean; refetch: () => unknown }

/** QueryError wired to a query: the error's own text under the message (in the reader's language), Retry refetches. */
export function QueryErrorFor({ query, ...props }: Omit<QueryErrorProps, 'detail' | 'onRetry' | 'retrying'> & { query: RefetchableQuery }) {
  const errorMessage = useErrorMessage()
  return <QueryError detail={errorMessage(query.error)} retrying={query.isFetching} onRetry={() => void query.refetch()} {...props} />
}
