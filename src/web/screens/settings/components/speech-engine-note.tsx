import { AudioLines } from 'lucide-react'
import { FormattedMessage } from 'react-intl'
import { isBasicSpeechEngine } from '#shared/speech.ts'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useSpeechEngineQuery } from '../speech-queries.ts'

/**
 * The owner's page says plainly when the basic offline engine makes the transcripts, and how to get a better one
 * (decision 210, the README's speech section). Nothing while another engine runs, or while it is not known.
 */
export function SpeechEngineNote() {
  const engine = useSpeechEngineQuery()
  if (!isBasicSpeechEngine(engine.data)) return null
  return (
    <Card data-slot="speech-engine-note">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AudioLines aria-hidden className="size-5 text-muted-foreground" />
          <FormattedMessage id="settings.people.speech.title" defaultMessage="Speech" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.people.speech.basicEngine"
            defaultMessage="Transcripts come from a basic offline engine and may be rough."
          />
        </CardDescription>
        <CardDescription>
          <FormattedMessage
            id="settings.people.speech.howTo"
            defaultMessage='For better ones, run "npm run models" on the server to fetch the Whisper model, or set OPENAI_BASE_URL to an OpenAI-compatible speech service, then restart Hearth.'
          />
        </CardDescription>
      </CardHeader>
    </Card>
  )
}
