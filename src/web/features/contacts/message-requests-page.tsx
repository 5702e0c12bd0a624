import { Inbox } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { type MessageRequest } from '#shared/message-requests.ts'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { BlockRequestDialog } from './components/block-request-dialog.tsx'
import { MessageRequestCard, MessageRequestCardSkeleton } from './components/message-request-card.tsx'
import { useAnswerRequestMutation, useMessageRequestsQuery, useUnblockMutation, type RequestAnswer } from './queries.ts'

/** A block's toast stays longer than the usual five seconds: it carries the Undo (decision 203). */
const BLOCKED_TOAST_MS = 10_000

function NoRequests() {
  return (
    <Empty variant="dashed">
      <IconBadge>
        <Inbox aria-hidden />
      </IconBadge>
      <EmptyTitle asChild>
        <h2>{MESSAGE_REQUEST_TEXTS.empty}</h2>
      </EmptyTitle>
      <EmptyDescription className="text-wrap">{MESSAGE_REQUEST_TEXTS.emptyBody}</EmptyDescription>
      <Link to="/" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-1' })}>
        Back to your circle
      </Link>
    </Empty>
  )
}

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
      loading={
        <ul aria-label="Loading message requests" className="flex flex-col gap-4">
          <MessageRequestCardSkeleton />
          <MessageRequestCardSkeleton />
        </ul>
      }
      errorMessage={MESSAGE_REQUEST_TEXTS.loadFailed}
      empty={<NoRequests />}
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
    <PageLayout
      className="gap-4"
      header={
        <PageHeader back="/">
          <h1 className="min-w-0 flex-1 truncate text-xl font-semibold tracking-tight">{MESSAGE_REQUEST_TEXTS.title}</h1>
        </PageHeader>
      }
    >
      <p className="text-muted-foreground">{MESSAGE_REQUEST_TEXTS.intro}</p>
      {body}
      <BlockRequestDialog
        name={blocking?.name ?? null}
        onCancel={() => setBlocking(null)}
        onConfirm={() => {
          if (blocking) void onAnswer(blocking, 'block')
          setBlocking(null)
        }}
      />
    </PageLayout>
  )
}
