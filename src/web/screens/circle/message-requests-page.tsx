import { Inbox } from 'lucide-react'
import { useState } from 'react'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { type MessageRequest } from '#shared/message-requests.ts'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import { ListEmpty, ListPage, ListSkeleton } from '#web/components/list-page.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { BlockRequestDialog } from './components/block-request-dialog.tsx'
import { MessageRequestCard, MessageRequestCardSkeleton } from './components/message-request-card.tsx'
import {
  useAnswerRequestMutation,
  useMessageRequestsQuery,
  useUnblockMutation,
  type RequestAnswer,
} from '#web/resources/contacts/queries.ts'

/** A block's toast stays longer than the usual five seconds: it carries the Undo (decision 203). */
const BLOCKED_TOAST_MS = 10_000

const answeredText: Record<RequestAnswer, (name: string) => string> = {
  accept: MESSAGE_REQUEST_TEXTS.accepted,
  ignore: MESSAGE_REQUEST_TEXTS.ignored,
  block: MESSAGE_REQUEST_TEXTS.blocked,
}

/**
 * /requests (decision 123): people who pressed Message on the signed-in person's profile and whom they have not
 * chosen. Each can be heard, then accepted into the circle, ignored or blocked; the requester is told only an accept.
 * Block asks first, and its toast offers Undo; Settings' Blocked people undoes it later (decision 203).
 */
export function MessageRequestsPage() {
  usePageMeta({ title: 'Message requests - Hearth' })
  const requests = useMessageRequestsQuery()
  const answer = useAnswerRequestMutation()
  const unblock = useUnblockMutation()
  const [pending, setPending] = useState<{ id: string; answer: RequestAnswer } | null>(null)
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(() => new Map())
  const [blocking, setBlocking] = useState<MessageRequest | null>(null)

  const undoBlock = (request: MessageRequest) => {
    unblock.mutate(request.id, {
      onSuccess: () => toast.success(MESSAGE_REQUEST_TEXTS.unblocked(request.name)),
      onError: (error) => toast.error(MESSAGE_REQUEST_TEXTS.unblockFailed, { description: errorMessage(error) }),
    })
  }

  const onAnswer = async (request: MessageRequest, chosen: RequestAnswer) => {
    setPending({ id: request.id, answer: chosen })
    setRefusals((current) => {
      const next = new Map(current)
      next.delete(request.id)
      return next
    })
    try {
      await answer.mutateAsync({ id: request.id, answer: chosen })
      if (chosen === 'block') {
        toast.success(answeredText.block(request.name), {
          duration: BLOCKED_TOAST_MS,
          action: { label: MESSAGE_REQUEST_TEXTS.undo, onClick: () => undoBlock(request) },
        })
      } else {
        toast.success(answeredText[chosen](request.name))
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.circleFull) {
        setRefusals((current) => new Map(current).set(request.id, error.message))
      } else {
        toast.error(chosen === 'accept' ? MESSAGE_REQUEST_TEXTS.acceptFailed : MESSAGE_REQUEST_TEXTS.actionFailed, {
          description: errorMessage(error),
        })
      }
    } finally {
      setPending(null)
    }
  }

  const list = requests.data?.requests
  const body = (
    <ListStates
      query={requests}
      items={list}
      loading={<ListSkeleton label="Loading message requests" row={MessageRequestCardSkeleton} count={2} className="flex flex-col gap-4" />}
      errorMessage={MESSAGE_REQUEST_TEXTS.loadFailed}
      empty={
        <ListEmpty
          icon={Inbox}
          title={MESSAGE_REQUEST_TEXTS.empty}
          description={MESSAGE_REQUEST_TEXTS.emptyBody}
          back={{ to: '/', label: 'Back to your circle' }}
        />
      }
    >
      {(shown) => (
        <ul aria-label={MESSAGE_REQUEST_TEXTS.title} className="flex flex-col gap-4">
          {shown.map((request) => (
            <MessageRequestCard
              key={request.id}
              request={request}
              pending={pending?.id === request.id ? pending.answer : null}
              refusal={refusals.get(request.id) ?? null}
              onAnswer={(chosen) => (chosen === 'block' ? setBlocking(request) : void onAnswer(request, chosen))}
            />
          ))}
        </ul>
      )}
    </ListStates>
  )

  return (
    <ListPage title={MESSAGE_REQUEST_TEXTS.title} back="/" intro={MESSAGE_REQUEST_TEXTS.intro}>
      {body}
      <BlockRequestDialog
        name={blocking?.name ?? null}
        onCancel={() => setBlocking(null)}
        onConfirm={() => {
          if (blocking) void onAnswer(blocking, 'block')
          setBlocking(null)
        }}
      />
    </ListPage>
  )
}
