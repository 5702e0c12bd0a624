import { useIntl } from 'react-intl'
import { ArchiveRestore, HeartHandshake, LoaderCircle } from 'lucide-react'
import { Link } from 'react-router'
import { type Contact } from '#shared/contacts.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'

type ArchivedContactRowProps = {
  contact: Pick<Contact, 'id' | 'name' | 'avatar_url' | 'archived_at' | 'account_deleted' | 'unread_count'>
  unarchiving: boolean
  onRekindle: () => void
  onUnarchive: () => void
}

/**
 * One archived contact: avatar and name (opening the contact), then Rekindle and Unarchive. Someone who deleted their
 * account says so instead and cannot be brought back (decision 120); their conversation stays one tap away.
 */
export function ArchivedContactRow({ contact, unarchiving, onRekindle, onUnarchive }: ArchivedContactRowProps) {
  const intl = useIntl()
  const name = contact.name
  return (
    <li
      data-slot="archived-contact-row"
      className="flex flex-col gap-3 rounded-2xl border bg-card p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:pe-4"
    >
      <Link
        to={`/contacts/profile/${contact.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <Avatar name={contact.name} src={contact.avatar_url} alt="" size="lg" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold">{contact.name}</span>
          {contact.account_deleted ? (
            <span className="text-sm text-muted-foreground">
              {intl.formatMessage(CONTACT_MESSAGES.accountDeleted, { name })}
              {/* what they sent stays with me (decision 202): what I have not heard yet is counted here */}
              {contact.unread_count > 0 && ` · ${intl.formatMessage(CONTACT_MESSAGES.notHeardYet, { count: contact.unread_count })}`}
            </span>
          ) : (
            contact.archived_at && (
              <span className="truncate text-sm text-muted-foreground">
                {intl.formatMessage(
                  { id: 'archived.row.date', defaultMessage: 'Archived {date}' },
                  { date: intl.formatDate(contact.archived_at, { day: 'numeric', month: 'short', year: 'numeric' }) },
                )}
              </span>
            )
          )}
        </span>
      </Link>
      {!contact.account_deleted && (
        <div className="flex gap-2 sm:shrink-0">
          <Button
            variant="outline"
            size="sm"
            aria-label={intl.formatMessage({ id: 'archived.row.rekindle', defaultMessage: 'Rekindle {name}' }, { name })}
            onClick={onRekindle}
            className="flex-1 border-pink-300 text-pink-900 hover:bg-pink-50 sm:flex-none dark:border-pink-400/40 dark:text-pink-100 dark:hover:bg-pink-950/50"
          >
            <HeartHandshake aria-hidden />
            {intl.formatMessage(CONTACT_MESSAGES.rekindle)}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={intl.formatMessage({ id: 'archived.row.unarchiveName', defaultMessage: 'Unarchive {name}' }, { name })}
            disabled={unarchiving}
            onClick={onUnarchive}
            className="flex-1 sm:flex-none"
          >
            {unarchiving ? <LoaderCircle aria-hidden className="animate-spin" /> : <ArchiveRestore aria-hidden />}
            {intl.formatMessage({ id: 'archived.row.unarchive', defaultMessage: 'Unarchive' })}
          </Button>
        </div>
      )}
    </li>
  )
}

/** The loading state of the archived list: rows shaped like the real ones. */
export function ArchivedContactRowSkeleton() {
  return (
    <li aria-hidden className="flex items-center gap-3 rounded-2xl border bg-card/70 p-4">
      <Skeleton className="size-14 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-24" />
      </div>
    </li>
  )
}
