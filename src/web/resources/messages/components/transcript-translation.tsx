import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { pickLocale } from '#shared/locales.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useErrorMessage } from '#web/lib/errors.ts'
import { cn } from '#web/lib/utils.ts'
import { usePublicConfigQuery } from '#web/resources/config/queries.ts'
import { languageName } from '../message-text.ts'
import { useMessageTranslationQuery } from '../queries.ts'

type TranscriptTranslationProps = {
  message: Pick<Message, 'id' | 'transcription' | 'transcript_language'>
  className?: string
}

/**
 * 'Show in {language}' under a transcript spoken in another language than the reader's (decision 228), when the
 * server can translate: pressed, the machine translation below it, said to be one (and rough, when it is), and
 * 'Show original' to fold it again. Nothing at all otherwise.
 */
export function TranscriptTranslation({ message, className }: TranscriptTranslationProps) {
  const intl = useIntl()
  const say = useErrorMessage()
  const config = usePublicConfigQuery()
  const [open, setOpen] = useState(false)
  const id = useId()
  const reader = pickLocale([intl.locale])
  const spoken = (message.transcript_language || 'en').toLowerCase().split(/[-_]/)[0]
  const offered = Boolean(config.data?.translationAvailable && message.transcription?.trim() && spoken !== reader)
  const translation = useMessageTranslationQuery(message.id, reader, offered && open)
  if (!offered) return null

  return (
    <div data-slot="transcript-translation" className={cn('flex flex-col items-start gap-1', className)}>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto py-0 text-xs text-muted-foreground"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? (
          <FormattedMessage id="messages.translation.showOriginal" defaultMessage="Show original" />
        ) : (
          <FormattedMessage
            id="messages.translation.show"
            defaultMessage="Show in {language}"
            values={{ language: languageName(reader, intl.locale) }}
          />
        )}
      </Button>
      <div id={id} hidden={!open} aria-live="polite" className="flex flex-col gap-1">
        {open && translation.isPending && (
          <p className="text-xs text-muted-foreground italic">
            <FormattedMessage id="messages.translation.loading" defaultMessage="Translating..." />
          </p>
        )}
        {open && translation.isError && (
          <p role="alert" className="text-xs text-destructive-text">
            {say(translation.error, intl.formatMessage({ id: 'messages.translation.failed', defaultMessage: 'Could not translate' }))}
          </p>
        )}
        {open && translation.data && (
          <>
            <p data-slot="translated-text" dir="auto" lang={translation.data.language} className="leading-relaxed">
              {translation.data.text}
            </p>
            <p className="text-xs text-muted-foreground">
              {translation.data.rough ? (
                <FormattedMessage id="messages.translation.machineRough" defaultMessage="Machine translation, rough" />
              ) : (
                <FormattedMessage id="messages.translation.machine" defaultMessage="Machine translation" />
              )}
            </p>
          </>
        )}
      </div>
    </div>
  )
}
