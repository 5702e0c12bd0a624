import { AudioLines } from 'lucide-react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { useRetranscribeMutation } from '../queries.ts'

type RetranscribeButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  message: Pick<Message, 'id' | 'can_retranscribe'>
}

/** 'Transcribe again' for either person of a message, when the server runs a stronger engine than made it (decision 93). */
export function RetranscribeButton({ message, variant = 'outline', size = 'sm', ...props }: RetranscribeButtonProps) {
  const retranscribe = useRetranscribeMutation()
  const intl = useIntl()
  if (!message.can_retranscribe) return null
  return (
    <Button
      data-slot="retranscribe"
      variant={variant}
      size={size}
      disabled={retranscribe.isPending}
      title={intl.formatMessage({ id: 'messages.retranscribe.hint', defaultMessage: 'A stronger speech engine is available now.' })}
      onClick={() => retranscribe.mutate(message.id)}
      {...props}
    >
      <AudioLines aria-hidden />
      <FormattedMessage id="messages.retranscribe" defaultMessage="Transcribe again" />
    </Button>
  )
}
