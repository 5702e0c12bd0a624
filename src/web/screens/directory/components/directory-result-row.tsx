import { FormattedMessage, useIntl } from 'react-intl'
import { ChevronRight } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import type { DirectoryResult } from '#shared/directory.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'

/** Where the public profile's Back button returns to. */
export const DIRECTORY_PATH = '/contacts/add/directory'

type DirectoryResultRowProps = React.ComponentProps<'li'> & { person: DirectoryResult }

/** One person found in the directory: picture, name and a way to their public profile. */
export function DirectoryResultRow({ person, className, ...props }: DirectoryResultRowProps) {
  const intl = useIntl()
  return (
    <li data-slot="directory-result-row" className={cn('flex items-center gap-3 px-4 py-3 sm:px-5', className)} {...props}>
      <Avatar name={person.name} src={person.profile_picture_url} alt="" />
      <span className="min-w-0 flex-1 truncate font-medium">{person.name}</span>
      <Link
        to={`/u/${encodeURIComponent(person.id)}`}
        state={{ referrer: DIRECTORY_PATH }}
        // the visible words first, then whose profile: a voice command saying what it sees still finds it
        aria-label={intl.formatMessage({ id: 'directory.seeProfileOf', defaultMessage: 'See profile of {name}' }, { name: person.name })}
        className={buttonVariants({ variant: 'outline', size: 'sm', className: 'shrink-0' })}
      >
        <FormattedMessage id="directory.seeProfile" defaultMessage="See profile" />
        <ChevronRight aria-hidden className="-me-1 rtl:-scale-x-100" />
      </Link>
    </li>
  )
}

/** A row of the loading state, shaped like a result. */
export function DirectoryResultRowSkeleton() {
  return (
    <li data-slot="directory-result-row-skeleton" className="flex items-center gap-3 px-4 py-3 sm:px-5">
      <Skeleton className="size-10 rounded-full" />
      <Skeleton className="h-4 w-36 max-w-[50%]" />
      <Skeleton className="ms-auto h-9 w-28" />
    </li>
  )
}
