import { Mic } from 'lucide-react'
import { useId } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { Link } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import { MAX_CONSECUTIVE_UNANSWERED } from '#shared/limits.ts'
import { cn } from '#web/lib/utils.ts'
import { useSendBlockedReason } from './use-send-blocked-reason.ts'

const MIC_MESSAGES = {
  record: { id: 'recorder.mic.label', defaultMessage: 'Record a message for {name}' },
} satisfies Record<string, MessageDescriptor>

type RecordMicProps = {
  contact: Pick<Contact, 'id' | 'name' | 'contact_user_id' | 'consecutive_messages_sent' | 'account_deleted'>
  className?: string
}

const micClass =
  'grid size-11 place-items-center rounded-full border shadow-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring'

/**
 * One tap from home or the contact detail to a take for this person: opens the conversation with its composer
 * already recording. While they may not receive more (the message limit, or not linked) it is disabled and says why.
 */
export function RecordMic({ contact, className }: RecordMicProps) {
  const reasonId = useId()
  const intl = useIntl()
  const { blockedReason } = useSendBlockedReason()
  const blocked = blockedReason(contact)
  const label = intl.formatMessage(MIC_MESSAGES.record, { name: contact.name })
  if (blocked) {
    const atLimit = contact.contact_user_id !== null
    return (
      <span className={cn('flex flex-col items-center', className)}>
        <button
          type="button"
          disabled
          aria-label={label}
          aria-describedby={reasonId}
          title={blocked}
          className={cn(micClass, 'cursor-not-allowed bg-muted text-muted-foreground')}
        >
          <Mic aria-hidden className="size-5" />
        </button>
        <span id={reasonId} className="sr-only">
          {blocked}
        </span>
        {atLimit && (
          <span
            aria-hidden
            className="mt-0.5 rounded-full bg-background/90 px-1.5 text-[11px] font-medium text-muted-foreground tabular-nums"
          >
            {MAX_CONSECUTIVE_UNANSWERED}/{MAX_CONSECUTIVE_UNANSWERED}
          </span>
        )}
      </span>
    )
  }
  return (
    <Link
      to={`/contacts/${encodeURIComponent(contact.id)}?record=1`}
      aria-label={label}
      title={label}
      className={cn(micClass, 'border-primary/30 bg-primary text-primary-foreground hover:bg-primary-hover', className)}
    >
      <Mic aria-hidden className="size-5" />
    </Link>
  )
}
