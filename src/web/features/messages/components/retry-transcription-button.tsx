import { RotateCcw } from 'lucide-react'
import { canRetryTranscription } from '#shared/speech.ts'
import type { Message } from '#shared/messages.ts'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { useRetryTranscriptionMutation } from '#web/features/messages/queries.ts'

type RetryTranscriptionButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  message: Pick<Message, 'id' | 'processing_status' | 'created_at'>
}

/** 'Retry' under a failed transcription, while the server still allows it (2 hours after sending). */
export function RetryTranscriptionButton({ message, variant = 'outline', size = 'sm', ...props }: RetryTranscriptionButtonProps) {
  const retry = useRetryTranscriptionMutation()
  if (!canRetryTranscription(message)) return null
  return (
    <Button
      data-slot="retry-transcription"
      variant={variant}
      size={size}
      disabled={retry.isPending}
      onClick={() => retry.mutate(message.id)}
      {...props}
    >
      <RotateCcw aria-hidden />
      Retry transcription
    </Button>
  )
}
