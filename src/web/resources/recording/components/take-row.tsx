import { CloudOff, Headphones, LoaderCircle, Send, Trash2 } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { formatDuration } from '#shared/duration.ts'
import type { Take } from '../outbox.ts'

export const TAKE_TEXTS = {
  unsent: (name: string, seconds: number) => `Unsent message to ${name}, ${formatDuration(seconds)}`,
  waiting: (name: string, seconds: number) => `Waiting to send to ${name}, ${formatDuration(seconds)}`,
  sending: 'Sending...',
  offline: "You're offline: it goes as soon as the connection returns.",
  storageAway: "Hearth can't reach its storage right now; your message will be sent when it's back.",
  send: 'Send',
  listen: 'Listen',
  discard: 'Discard',
} as const

type TakeRowProps = {
  take: Take
  online: boolean
  /** Send is offered only when this contact may receive more now */
  canSend: boolean
  onSend: () => void
  onListen?: () => void
  onDiscard: () => void
}

/**
 * One take kept on this device: a draft or a refused one ("Unsent message to Sam, 0:42: Send / Listen / Discard"),
 * or one waiting in the outbox (sending now, or until the connection returns).
 */
export function TakeRow({ take, online, canSend, onSend, onListen, onDiscard }: TakeRowProps) {
  if (take.state === 'queued') {
    return (
      <li data-slot="take-row" className="flex items-center gap-3 rounded-xl border bg-card px-3 py-2 text-sm">
        {online ? (
          <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-muted-foreground motion-reduce:animate-none" />
        ) : (
          <CloudOff aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium">{TAKE_TEXTS.waiting(take.contactName, take.durationSeconds)}</p>
          <p role="status" className="text-muted-foreground">
            {!online ? TAKE_TEXTS.offline : take.storageAway ? TAKE_TEXTS.storageAway : TAKE_TEXTS.sending}
          </p>
        </div>
      </li>
    )
  }
  const title = TAKE_TEXTS.unsent(take.contactName, take.durationSeconds)
  return (
    <li
      data-slot="take-row"
      aria-label={title}
      className="flex flex-col gap-2 rounded-xl border bg-card px-3 py-2 text-sm sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        {take.state === 'failed' && take.error && <p className="text-destructive-text">{take.error}</p>}
      </div>
      <div className="flex gap-2">
        {canSend && (
          <Button size="sm" onClick={onSend}>
            <Send aria-hidden />
            {TAKE_TEXTS.send}
          </Button>
        )}
        {onListen && (
          <Button size="sm" variant="outline" onClick={onListen}>
            <Headphones aria-hidden />
            {TAKE_TEXTS.listen}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDiscard}>
          <Trash2 aria-hidden />
          {TAKE_TEXTS.discard}
        </Button>
      </div>
    </li>
  )
}
