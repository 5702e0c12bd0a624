import { AudioLines, Mic, SearchX } from 'lucide-react'
import type * as React from 'react'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'
import { OVERVIEW_TEXTS } from '../overview-model.ts'

/** 1 column on small screens, up to 3 in the one content column (decision 91). */
export const OVERVIEW_GRID = 'grid grid-cols-1 gap-3 min-[580px]:grid-cols-2 lg:grid-cols-3 sm:gap-4'

/** The loading state: two groups of card-shaped placeholders. */
export function OverviewSkeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="overview-skeleton" aria-busy="true" className={cn('flex flex-col gap-8', className)} {...props}>
      <span role="status" className="sr-only">
        <FormattedMessage id="overview.loading" defaultMessage="Loading messages" />
      </span>
      {[3, 2].map((cards, group) => (
        <div key={group} aria-hidden className="flex flex-col gap-3">
          <div className="flex items-baseline gap-3">
            <Skeleton className="h-5 w-28" />
            <Skeleton className="h-3.5 w-16" />
          </div>
          <div className={OVERVIEW_GRID}>
            {Array.from({ length: cards }, (_, index) => (
              <div key={index} className="flex flex-col gap-3 rounded-2xl border bg-card/70 p-4">
                <div className="flex items-center gap-3">
                  <Skeleton className="size-10 rounded-full" />
                  <div className="flex flex-1 flex-col gap-2">
                    <Skeleton className="h-4 w-24" />
                    <Skeleton className="h-3 w-16" />
                  </div>
                </div>
                <Skeleton className="h-3.5 w-full" />
                <Skeleton className="h-3.5 w-2/3" />
                <div className="flex gap-1.5">
                  <Skeleton className="h-5 w-14 rounded-full" />
                  <Skeleton className="h-5 w-12 rounded-full" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  )
}

/** Someone without any messages yet: what will gather here, and where to start. */
export function OverviewEmpty({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <Empty data-slot="overview-empty" className={className} {...props}>
      <IconBadge size="lg">
        <AudioLines aria-hidden />
      </IconBadge>
      <EmptyTitle>
        <FormattedMessage id="overview.empty.title" defaultMessage="No messages yet" />
      </EmptyTitle>
      <EmptyDescription>
        <FormattedMessage
          id="overview.empty.description"
          defaultMessage="Voice messages you send and receive will gather here, sorted by what they are about and how they feel."
        />
      </EmptyDescription>
      <Link to="/record/select" className={buttonVariants({ variant: 'outline', className: 'mt-1' })}>
        <Mic aria-hidden />
        <FormattedMessage id="overview.empty.record" defaultMessage="Record a message" />
      </Link>
    </Empty>
  )
}

/** A search or filter that leaves nothing. */
export function OverviewNoResults({ onClear, className, ...props }: React.ComponentProps<'div'> & { onClear: () => void }) {
  return (
    <Empty data-slot="overview-no-results" className={className} {...props}>
      <IconBadge size="lg">
        <SearchX aria-hidden />
      </IconBadge>
      <EmptyTitle role="status" className="text-base font-medium">
        <FormattedMessage {...OVERVIEW_TEXTS.noResults} />
      </EmptyTitle>
      <Button variant="outline" className="mt-1" onClick={onClear}>
        <FormattedMessage id="overview.noResults.clear" defaultMessage="Clear search and filters" />
      </Button>
    </Empty>
  )
}
