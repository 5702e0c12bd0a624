import { RotateCcw } from 'lucide-react'
import { FormattedMessage } from 'react-intl'
import { canRetryTranscription } from '#shared/speech.ts'
import type { Message } from '#shared/messages.ts'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { languageUnsupported } from '../message-text.ts'
import { useRetryTranscriptionMutation } from '../queries.ts'

type RetryTranscriptionButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  message: Pick<Message, 'id' | 'processing_status' | 'created_at' | 'processing_error_code'>
}

/** 'Retry transcription' under a failed transcript, of a message or of a session note; disabled while the retry is asked. */
export function RetryButton({ pending, variant = 'outline', size = 'sm', ...props }: Omit<ButtonProps, 'children'> & { pending: boolean }) {
  return (
    <Button data-slot="retry-transcription" variant={variant} size={size} disabled={pending} aria-busy={pending || undefined} {...props}>
      <RotateCcw aria-hidden />
      <FormattedMessage id="messages.retryTranscription" defaultMessage="Retry transcription" />
    </Button>
  )
}

/**
 * 'Retry' under a failed transcription, while the server still allows it (2 hours after sending); never for a language
 * the speech engine here cannot transcribe, which would fail again.
 */
export function RetryTranscriptionButton({ message, ...props }: RetryTranscriptionButtonProps) {
  const retry = useRetryTranscriptionMutation()
  if (!canRetryTranscription(message) || languageUnsupported(message)) return null
  return <RetryButton pending={retry.isPending} onClick={() => retry.mutate(message.id)} {...props} />
}
