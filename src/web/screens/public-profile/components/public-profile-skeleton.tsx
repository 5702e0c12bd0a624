import { FormattedMessage } from 'react-intl'
import { Skeleton } from '#web/components/ui/skeleton.tsx'

/** The loading state of the public profile, shaped like the page. */
export function PublicProfileSkeleton() {
  return (
    <div data-slot="public-profile-skeleton" aria-busy="true" className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:gap-10">
      <Skeleton className="aspect-square w-full rounded-3xl" />
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
        <Skeleton className="h-11 w-full sm:w-36" />
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
      <span role="status" className="sr-only">
        <FormattedMessage id="publicProfile.loading" defaultMessage="Loading profile" />
      </span>
    </div>
  )
}
