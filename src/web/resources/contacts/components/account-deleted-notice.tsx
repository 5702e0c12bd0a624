import { useIntl } from 'react-intl'
import { UserX } from 'lucide-react'
import type * as React from 'react'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { cn } from '#web/lib/utils.ts'

type AccountDeletedNoticeProps = React.ComponentProps<'section'> & { name: string }

/**
 * Says calmly that a contact left Hearth (deleted their account: decisions 120, 202), where the mic would be: on the
 * contact detail, at the foot of the conversation, on the playback screen and on the record screen. Nothing new can
 * reach them; what the two sent each other stays.
 */
export function AccountDeletedNotice({ name, className, ...props }: AccountDeletedNoticeProps) {
  const intl = useIntl()
  const left = intl.formatMessage(CONTACT_MESSAGES.accountDeleted, { name })
  return (
    <section
      data-slot="account-deleted-notice"
      aria-label={left}
      className={cn('flex items-start gap-3 rounded-2xl border bg-card px-4 py-3 text-start shadow-sm', className)}
      {...props}
    >
      <IconBadge tone="muted" size="sm" className="shrink-0">
        <UserX aria-hidden />
      </IconBadge>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium break-words">{left}</p>
        <p className="text-sm text-muted-foreground">{intl.formatMessage(CONTACT_MESSAGES.accountDeletedDetail)}</p>
      </div>
    </section>
  )
}
