import { FormattedMessage, useIntl } from 'react-intl'
import { Mic } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { WelcomeSection as WelcomePlayer } from '#web/resources/welcome-messages/components/welcome-message.tsx'
import { WelcomeRecorder } from '#web/resources/welcome-messages/components/welcome-recorder.tsx'
import { WelcomeTranscriptStatus } from '#web/resources/welcome-messages/components/welcome-transcript-status.tsx'
import { useProfileQuery, useWelcomeTranscriptQuery } from '#web/resources/profiles/queries.ts'

/**
 * The saved welcome message: it plays with its words highlighted; until they exist the transcript's state
 * shows ('Processing transcription...', polled, or 'Transcription not available'). Mounted afresh after each
 * save, so the polling's 120 s count from that save.
 */
function CurrentWelcome({ onReRecord }: { onReRecord: () => void }) {
  const profile = useWelcomeTranscriptQuery()
  const you = useIntl().formatMessage({ id: 'settings.welcome.you', defaultMessage: 'you' })
  if (!profile.data) return null
  return (
    <div className="flex flex-col gap-3">
      <WelcomePlayer profile={{ ...profile.data, name: you }} fallback={<WelcomeTranscriptStatus className="px-1" />} />
      <Button variant="outline" onClick={onReRecord}>
        <Mic aria-hidden />
        <FormattedMessage id="settings.welcome.reRecord" defaultMessage="Re-record" />
      </Button>
    </div>
  )
}

/**
 * Settings' welcome message (docs/product/settings.md): the saved one with Re-record, or the recorder (idle,
 * 'Recording... Tap to stop' with its timer, preview with Discard or Save). A save goes back to the saved view.
 */
export function WelcomeSettingsSection() {
  const profile = useProfileQuery()
  const [recording, setRecording] = useState(false)
  const [saves, setSaves] = useState(0)
  const hasWelcome = Boolean(profile.data?.welcome_audio_url)

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.welcome.title" defaultMessage="Your welcome message" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.welcome.description"
            defaultMessage="What people hear on your public profile. One to two minutes is plenty."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!profile.data ? (
          <Skeleton className="h-24 w-full rounded-2xl" />
        ) : hasWelcome && !recording ? (
          <CurrentWelcome key={saves} onReRecord={() => setRecording(true)} />
        ) : (
          <>
            <WelcomeRecorder
              onSaved={() => {
                setSaves((count) => count + 1)
                setRecording(false)
              }}
            />
            {hasWelcome && (
              <Button variant="ghost" onClick={() => setRecording(false)}>
                <FormattedMessage id="settings.welcome.keep" defaultMessage="Keep the current one" />
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
