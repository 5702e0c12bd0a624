import { useIntl } from 'react-intl'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'
import { homeGridLayout } from '#shared/home-grid.ts'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'
import { homeGridClasses } from './grid-classes.ts'

const PLACEHOLDER_TILES = 4

/** The loading state of the home grid: tiles of the large size, each with an avatar and a name line. */
export function ContactGridSkeleton() {
  const intl = useIntl()
  const { grid, tiles } = homeGridClasses(homeGridLayout(PLACEHOLDER_TILES - 2))
  return (
    <div data-slot="contact-grid-skeleton" className={cn('grid gap-3 sm:gap-4', grid)}>
      <span role="status" className="sr-only">
        {intl.formatMessage(CONTACT_MESSAGES.loading)}
      </span>
      {Array.from({ length: PLACEHOLDER_TILES }, (_, index) => (
        <div key={index} aria-hidden className={cn('flex w-full items-center rounded-2xl border bg-card/70', tiles.tile)}>
          <Skeleton className={cn('shrink-0 rounded-full', tiles.avatar)} />
          <div className={tiles.body}>
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      ))}
    </div>
  )
}
