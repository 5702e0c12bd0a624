import { useEffect, useRef } from 'react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { useContactsQuery } from '#web/resources/contacts/queries.ts'
import { audioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { useOutbox, useTakes } from '../queries.ts'
import { sendBlockedReason } from '../send-limits.ts'
import type { Take } from '../outbox.ts'
import { useOnline } from '../use-online.ts'
import { TakeRow } from './take-row.tsx'

const UNSENT_MESSAGES = {
  title: { id: 'take.unsent.title', defaultMessage: 'Not sent yet' },
  list: { id: 'take.unsent.list', defaultMessage: 'Unsent messages' },
  playerTitle: { id: 'take.unsent.playerTitle', defaultMessage: 'Unsent message to {name}' },
} satisfies Record<string, MessageDescriptor>

/**
 * Every take this device still holds, for home: drafts offered back ("Unsent message to Sam, 0:42: Send /
 * Listen / Discard") and the outbox, visible wherever the person is. Listen plays the draft on the app's player.
 * Send is left out while the contact may not receive more (a take refused at the message limit would only be
 * refused again); Listen and Discard stay.
 */
export function UnsentMessages() {
  const intl = useIntl()
  const outbox = useOutbox()
  const takes = useTakes()
  const online = useOnline()
  // home's own list of the circle (already cached); a take for someone outside it is left to the server to judge
  const contacts = useContactsQuery()
  const canSend = (take: Take) => {
    const contact = contacts.data?.contacts.find((c) => c.id === take.contactId)
    return !contact || sendBlockedReason(contact) === null
  }
  const urls = useRef(new Map<string, string>())

  // the drafts' object URLs live as long as this list
  useEffect(() => {
    const made = urls.current
    return () => made.forEach((url) => URL.revokeObjectURL(url))
  }, [])

  const listen = (take: Take) => {
    let url = urls.current.get(take.id)
    if (!url) {
      url = URL.createObjectURL(take.blob)
      urls.current.set(take.id, url)
    }
    void audioPlayer().toggle({
      id: `draft:${take.id}`,
      url,
      title: intl.formatMessage(UNSENT_MESSAGES.playerTitle, { name: take.contactName }),
      href: `/contacts/${encodeURIComponent(take.contactId)}`,
      durationHint: take.durationSeconds,
    })
  }

  const shown = takes.filter((take) => take.state !== 'recording')
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="unsent-title" data-slot="unsent-messages" className="flex flex-col gap-2">
      <h2 id="unsent-title" className="text-sm font-semibold text-muted-foreground">
        {intl.formatMessage(UNSENT_MESSAGES.title)}
      </h2>
      <ul aria-label={intl.formatMessage(UNSENT_MESSAGES.list)} className="flex flex-col gap-2">
        {shown.map((take) => (
          <TakeRow
            key={take.id}
            take={take}
            online={online}
            canSend={canSend(take)}
            onSend={() => void outbox?.enqueue(take)}
            onListen={() => listen(take)}
            onDiscard={() => void outbox?.discard(take.id)}
          />
        ))}
      </ul>
    </section>
  )
}
