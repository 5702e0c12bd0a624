import { FormattedMessage } from 'react-intl'
import { Play } from 'lucide-react'
import type * as React from 'react'
import type { Contact } from '#shared/contacts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useMessageTrack } from '#web/resources/messages/message-track.ts'
import { useUnheardMessagesQuery } from '#web/resources/messages/queries.ts'
import { cn } from '#web/lib/utils.ts'

type PlayAllNewButtonProps = Omit<React.ComponentProps<typeof Button>, 'onClick' | 'children'> & {
  /** the circle on the tiles: only their messages play, each named and pictured as on their tile */
  contacts: readonly Pick<Contact, 'name' | 'avatar_url' | 'contact_user_id'>[]
}

/**
 * 'Play all new': every message from the circle not heard yet, oldest first, one after another in the
 * mini player ('2 of 5'), each marked heard as it starts. Shown only while there is something new.
 */
export function PlayAllNewButton({ contacts, className, ...props }: PlayAllNewButtonProps) {
  const unheard = useUnheardMessagesQuery()
  const toTrack = useMessageTrack()
  const bySender = new Map(contacts.flatMap((c) => (c.contact_user_id ? [[c.contact_user_id, c] as const] : [])))
  // the server lists only messages from the circle, whose senders have an id
  const playable = (unheard.data?.messages ?? []).flatMap((m) => {
    const contact = m.sender_id === null ? undefined : bySender.get(m.sender_id)
    return contact ? [{ message: m, contact }] : []
  })
  if (playable.length === 0) return null

  const playAll = () => {
    const tracks = playable.map(({ message, contact }) =>
      toTrack(message, contact.name, { name: contact.name, pictureUrl: contact.avatar_url }),
    )
    // the player's code loads after the first paint (decision 170); by the time of a tap it is there
    void import('#web/lib/audio-player/use-audio-player.ts').then(({ audioPlayer }) => audioPlayer().playQueue(tracks))
  }

  return (
    <Button data-slot="play-all-new" onClick={playAll} className={cn('rounded-full', className)} {...props}>
      <Play aria-hidden className="fill-current" />
      <FormattedMessage id="home.playAllNew" defaultMessage="Play all new" />
      <span className="rounded-full bg-primary-foreground/20 px-2 py-0.5 text-xs font-semibold tabular-nums">
        <span className="sr-only">(</span>
        {playable.length}
        <span className="sr-only">)</span>
      </span>
    </Button>
  )
}
