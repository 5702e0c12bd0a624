import { useIntl, type IntlShape } from 'react-intl'
import { UserRound } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { BackButton, pageColumnClass } from '#web/components/page-layout.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/utils.ts'

export function messageCountText(intl: IntlShape, count: number): string {
  return intl.formatMessage(
    { id: 'contacts.header.messageCount', defaultMessage: '{count, plural, one {# message} other {# messages}}' },
    { count },
  )
}

const headerClass = cn(pageColumnClass, 'flex items-center gap-2 py-3 sm:gap-3')

type ContactHeaderProps = React.ComponentProps<'header'> & {
  contact: Pick<Contact, 'id' | 'name' | 'avatar_url' | 'contact_user_id'>
  messageCount: number
}

/**
 * The conversation's header (docs/product/conversation.md): back home, the contact's picture (to their public profile),
 * name and message count and a Profile button (recording happens in the composer at the bottom, decision 68).
 */
export function ContactHeader({ contact, messageCount, className, ...props }: ContactHeaderProps) {
  const intl = useIntl()
  const publicProfile = intl.formatMessage(
    { id: 'contacts.header.publicProfile', defaultMessage: "{name}'s public profile" },
    { name: contact.name },
  )
  const profile = intl.formatMessage({ id: 'contacts.header.profile', defaultMessage: 'Profile' })
  const avatar = <Avatar name={contact.name} src={contact.avatar_url} alt="" />
  return (
    <header data-slot="contact-header" className={cn(headerClass, className)} {...props}>
      <BackButton to="/" />
      {contact.contact_user_id ? (
        <Link
          to={`/u/${encodeURIComponent(contact.contact_user_id)}`}
          aria-label={publicProfile}
          title={publicProfile}
          className="shrink-0 rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {avatar}
        </Link>
      ) : (
        avatar
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {/* a long name is cut with an ellipsis; the whole of it stays in the title and the accessible name */}
        <h1 title={contact.name} className="truncate text-lg leading-tight font-semibold tracking-tight">
          {contact.name}
        </h1>
        <p className="text-sm text-muted-foreground">{messageCountText(intl, messageCount)}</p>
      </div>
      <Button asChild variant="outline" size="sm" className="shrink-0 max-sm:size-10 max-sm:px-0">
        <Link to={`/contacts/profile/${encodeURIComponent(contact.id)}`} aria-label={profile} title={profile}>
          <UserRound aria-hidden />
          <span className="max-sm:hidden">{profile}</span>
        </Link>
      </Button>
    </header>
  )
}

/** The header while the contact loads. */
export function ContactHeaderSkeleton() {
  return (
    <header data-slot="contact-header-skeleton" className={headerClass}>
      <BackButton to="/" />
      <Skeleton className="size-10 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-20" />
      </div>
      <Skeleton className="h-9 w-10 sm:w-24" />
      <Skeleton className="h-9 w-10 sm:w-24" />
    </header>
  )
}
