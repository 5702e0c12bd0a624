import { AudioLines } from 'lucide-react'
import { isBasicSpeechEngine, SPEECH_TEXTS } from '#shared/speech.ts'
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
          Speech
        </CardTitle>
        <CardDescription>{SPEECH_TEXTS.basicEngine}</CardDescription>
        <CardDescription>{SPEECH_TEXTS.basicEngineHowTo}</CardDescription>
      </CardHeader>
    </Card>
  )
}
