import { useIntl, type MessageDescriptor } from 'react-intl'
import { Inbox } from 'lucide-react'
import { useState } from 'react'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { type MessageRequest } from '#shared/message-requests.ts'
import { ListEmpty, ListPage, ListSkeleton } from '#web/components/list-page.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { BlockRequestDialog } from './components/block-request-dialog.tsx'
import { REQUEST_MESSAGES } from './request-messages.ts'
import { MessageRequestCard, MessageRequestCardSkeleton } from './components/message-request-card.tsx'
import {
  useAnswerRequestMutation,
  useMessageRequestsQuery,
  useUnblockMutation,
  type RequestAnswer,
} from '#web/resources/contacts/queries.ts'

/** A block's toast stays longer than the usual five seconds: it carries the Undo (decision 203). */
const BLOCKED_TOAST_MS = 10_000

const answeredText: Record<RequestAnswer, MessageDescriptor> = {
  accept: REQUEST_MESSAGES.accepted,
  ignore: REQUEST_MESSAGES.ignored,
  block: REQUEST_MESSAGES.blocked,
}

/**
 * /requests (decision 123): people who pressed Message on the signed-in person's profile and whom they have not
 * chosen. Each can be heard, then accepted into the circle, ignored or blocked; the requester is told only an accept.
 * Block asks first, and its toast offers Undo; Settings' Blocked people undoes it later (decision 203).
 */
export function MessageRequestsPage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage(REQUEST_MESSAGES.pageTitle) })
  const requests = useMessageRequestsQuery()
  const answer = useAnswerRequestMutation()
  const unblock = useUnblockMutation()
  const [pending, setPending] = useState<{ id: string; answer: RequestAnswer } | null>(null)
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(() => new Map())
  const [blocking, setBlocking] = useState<MessageRequest | null>(null)

  const undoBlock = (request: MessageRequest) => {
    unblock.mutate(request.id, {
      onSuccess: () => toast.success(intl.formatMessage(REQUEST_MESSAGES.unblocked, { name: request.name })),
      onError: (error) => toast.error(intl.formatMessage(REQUEST_MESSAGES.unblockFailed), { description: errorMessage(error) }),
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
        toast.success(intl.formatMessage(answeredText.block, { name: request.name }), {
          duration: BLOCKED_TOAST_MS,
          action: { label: intl.formatMessage(REQUEST_MESSAGES.undo), onClick: () => undoBlock(request) },
        })
      } else {
        toast.success(intl.formatMessage(answeredText[chosen], { name: request.name }))
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === ERROR_CODES.circleFull) {
        setRefusals((current) => new Map(current).set(request.id, error.message))
      } else {
        toast.error(intl.formatMessage(chosen === 'accept' ? REQUEST_MESSAGES.acceptFailed : REQUEST_MESSAGES.actionFailed), {
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
      loading={
        <ListSkeleton
          label={intl.formatMessage(REQUEST_MESSAGES.loading)}
          row={MessageRequestCardSkeleton}
          count={2}
          className="flex flex-col gap-4"
        />
      }
      errorMessage={intl.formatMessage(REQUEST_MESSAGES.loadFailed)}
      empty={
        <ListEmpty
          icon={Inbox}
          title={intl.formatMessage(REQUEST_MESSAGES.empty)}
          description={intl.formatMessage(REQUEST_MESSAGES.emptyBody)}
          back={{ to: '/', label: intl.formatMessage({ id: 'circle.backHome', defaultMessage: 'Back to your circle' }) }}
        />
      }
    >
      {(shown) => (
        <ul aria-label={intl.formatMessage(REQUEST_MESSAGES.title)} className="flex flex-col gap-4">
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
    <ListPage title={intl.formatMessage(REQUEST_MESSAGES.title)} back="/" intro={intl.formatMessage(REQUEST_MESSAGES.intro)}>
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
