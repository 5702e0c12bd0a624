import { CalendarX, CircleCheck, MailQuestion, UserX } from 'lucide-react'
import { INVITATION_TEXTS, inviteCardFor } from '#shared/invitations.ts'
import { InviteMessageCard } from './invite-frame.tsx'

const CARDS = {
  expired: {
    icon: CalendarX,
    title: 'Invite expired',
    description: 'Invitations last 7 days. Ask the person who invited you to send it again.',
  },
  used: { icon: CircleCheck, title: 'Invite already used', description: 'This invitation has already been accepted.' },
  // decision 120: the inviter deleted their account, and the invitation went with it
  'inviter-deleted': { icon: UserX, title: 'Invite no longer available', description: INVITATION_TEXTS.inviterDeleted },
  unavailable: {
    icon: MailQuestion,
    title: 'Invite unavailable',
    description: 'This invitation may have been cancelled or replaced by a newer link. Ask the person who invited you for a new one.',
  },
} as const

/** The spec's mapping of a refusal text to its card: 'expired', 'processed'/'used', anything else. */
export function InviteUnusableCard({ message }: { message: string }) {
  const card = CARDS[inviteCardFor(message)]
  const Icon = card.icon
  return <InviteMessageCard icon={<Icon aria-hidden className="size-5" />} title={card.title} description={card.description} />
}
