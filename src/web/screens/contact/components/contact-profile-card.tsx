import type * as React from 'react'
import { ExternalLink, MessageCircle, Mic } from 'lucide-react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { type Contact } from '#shared/contacts.ts'
import { INACTIVITY_DAYS } from '#shared/limits.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { PhotoGallery } from '#web/resources/public-profiles/components/photo-gallery.tsx'
import { WelcomeSection } from '#web/resources/welcome-messages/components/welcome-message.tsx'
import { usePublicProfileQuery } from '#web/resources/public-profiles/queries.ts'
import { isAtMessageLimit, sendBlockedReason } from '#web/resources/recording/send-limits.ts'
import { AccountDeletedNotice } from '#web/resources/contacts/components/account-deleted-notice.tsx'
import { OnlineStatus } from '#web/resources/contacts/components/online-status.tsx'

/**
 * The contact detail's left column (docs/product/conversation.md): the contact's photo gallery with their name and Online
 * indicator, 'View public profile', their welcome audio when they recorded one, and 'Record New Message'. Photos
 * and welcome audio are what the contact shows on their public profile.
 */
export function ContactProfileCard({ contact }: { contact: Contact }) {
  const profile = usePublicProfileQuery(contact.contact_user_id ?? undefined)
  const intl = useIntl()
  // as `inactiveLabel` of #shared/contacts-texts.ts, in the reader's language
  const inactive =
    contact.inactive_days !== null && contact.inactive_days >= INACTIVITY_DAYS
      ? intl.formatMessage(
          { id: 'contactDetail.inactive', defaultMessage: '{days, plural, one {Inactive for # day} other {Inactive for # days}}' },
          { days: contact.inactive_days },
        )
      : null
  // why no message can be recorded, as `sendBlockedReason` says it (a contact who left has its own notice below)
  const blocked = !sendBlockedReason(contact)
    ? null
    : contact.contact_user_id === null
      ? intl.formatMessage({
          id: 'contactDetail.blocked.notLinked',
          defaultMessage: "Can't send yet: This contact isn't linked to a user.",
        })
      : isAtMessageLimit(contact)
        ? intl.formatMessage(
            {
              id: 'contactDetail.blocked.limit',
              defaultMessage:
                "Message limit reached: You've sent 3 messages to {name} without a reply. Wait for them to respond before sending more to avoid overwhelming them.",
            },
            { name: contact.name },
          )
        : sendBlockedReason(contact)
  let picture: React.ReactNode
  if (contact.contact_user_id && profile.isPending) picture = <Skeleton aria-hidden className="aspect-square w-full rounded-3xl" />
  else if (profile.data)
    picture = <PhotoGallery name={contact.name} photos={profile.data.photos} profile_picture_url={profile.data.profile_picture_url} />
  // an unlinked contact, or a profile that failed to load: their avatar, as on the home tile
  else picture = <Avatar name={contact.name} src={contact.avatar_url} alt="" size={null} className="mx-auto size-32 shadow-md sm:size-36" />

  return (
    <div data-slot="contact-profile-card" className="flex min-w-0 flex-col gap-6">
      <section aria-label={contact.name} className="flex flex-col gap-4 rounded-2xl border bg-card p-4 text-center shadow-sm sm:p-5">
        {picture}
        <div className="flex flex-col items-center gap-2">
          <p className="text-2xl font-semibold tracking-tight break-words">{contact.name}</p>
          {contact.contact_user_id && <OnlineStatus online={contact.is_online} name={contact.name} />}
          {contact.account_deleted ? (
            <p className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
              <FormattedMessage id="contactDetail.leftHearth" defaultMessage="Left Hearth" />
            </p>
          ) : (
            contact.archived_at && (
              <p className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
                <FormattedMessage id="contactDetail.archived" defaultMessage="Archived" />
              </p>
            )
          )}
          {inactive && <p className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">{inactive}</p>}
        </div>
        <div className="flex w-full flex-col gap-2">
          {contact.contact_user_id && (
            <Link
              to={`/profile/${encodeURIComponent(contact.contact_user_id)}`}
              className={buttonVariants({ variant: 'outline', className: 'w-full' })}
            >
              <ExternalLink aria-hidden />
              <FormattedMessage id="contactDetail.viewProfile" defaultMessage="View public profile" />
            </Link>
          )}
          <Link to={`/contacts/${encodeURIComponent(contact.id)}`} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
            <MessageCircle aria-hidden />
            <FormattedMessage id="contactDetail.openConversation" defaultMessage="Open conversation" />
          </Link>
        </div>
      </section>
      {profile.data?.welcome_audio_url && <WelcomeSection profile={profile.data} />}
      {contact.account_deleted ? (
        // said plainly, in the mic's place (decision 120)
        <AccountDeletedNotice name={contact.name} />
      ) : blocked ? (
        <div className="flex flex-col gap-2">
          <Button size="lg" className="h-14 w-full text-base" disabled aria-describedby="record-blocked-reason">
            <Mic aria-hidden />
            <FormattedMessage id="contactDetail.record" defaultMessage="Record New Message" />
          </Button>
          <p id="record-blocked-reason" className="text-center text-sm text-muted-foreground">
            {blocked}
          </p>
        </div>
      ) : (
        // one tap: the conversation opens with its composer already recording
        <Link
          to={`/contacts/${encodeURIComponent(contact.id)}?record=1`}
          className={buttonVariants({ size: 'lg', className: 'h-14 w-full text-base' })}
        >
          <Mic aria-hidden />
          <FormattedMessage id="contactDetail.record" defaultMessage="Record New Message" />
        </Link>
      )}
    </div>
  )
}
