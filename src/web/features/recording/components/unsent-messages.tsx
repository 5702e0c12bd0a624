import { useEffect, useRef } from 'react'
import { audioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { useOutbox, useTakes } from '../queries.ts'
import type { Take } from '../take-store.ts'
import { useOnline } from '../use-online.ts'
import { TakeRow } from './take-row.tsx'

/**
 * Every take this device still holds, for home: drafts offered back ("Unsent message to Sam, 0:42: Send /
 * Listen / Discard") and the outbox, visible wherever the person is. Listen plays the draft on the app's player.
 */
export function UnsentMessages() {
  const outbox = useOutbox()
  const takes = useTakes()
  const online = useOnline()
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
      title: `Unsent message to ${take.contactName}`,
      href: `/contacts/${encodeURIComponent(take.contactId)}`,
      durationHint: take.durationSeconds,
    })
  }

  const shown = takes.filter((take) => take.state !== 'recording')
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="unsent-title" data-slot="unsent-messages" className="flex flex-col gap-2">
      <h2 id="unsent-title" className="text-sm font-semibold text-muted-foreground">
        Not sent yet
      </h2>
      <ul aria-label="Unsent messages" className="flex flex-col gap-2">
        {shown.map((take) => (
          <TakeRow
            key={take.id}
            take={take}
            online={online}
            canSend
            onSend={() => void outbox?.enqueue(take)}
            onListen={() => listen(take)}
            onDiscard={() => void outbox?.discard(take.id)}
          />
        ))}
      </ul>
    </section>
  )
}
