import { FormattedMessage, useIntl } from 'react-intl'
import { BellOff, BellRing, Send } from 'lucide-react'
import { toast } from '#web/lib/toast.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/resources/profiles/queries.ts'
import { usePush } from '../push.ts'
import { SwitchField } from '#web/components/switch-field.tsx'

/** This device's push notifications: its state, enable / disable / test, and whether pushes show the first words. */
export function PushControls() {
  const push = usePush()
  const profile = useProfileQuery()
  const updateProfile = useUpdateProfileMutation()
  const intl = useIntl()
  const previewOn =
    updateProfile.isPending && updateProfile.variables.push_shows_transcript !== undefined
      ? updateProfile.variables.push_shows_transcript
      : Boolean(profile.data?.push_shows_transcript)

  const state = !push.supported ? (
    <FormattedMessage id="settings.push.unsupported" defaultMessage="This browser cannot show notifications." />
  ) : push.permission === 'denied' ? (
    <FormattedMessage
      id="settings.push.blocked"
      defaultMessage="Notifications are blocked for Hearth in this browser. Allow them in the site settings to turn them on."
    />
  ) : push.subscribed ? (
    <FormattedMessage id="settings.push.on" defaultMessage="On for this device." />
  ) : (
    <FormattedMessage id="settings.push.off" defaultMessage="Off for this device." />
  )

  return (
    <div data-slot="push-controls" className="flex flex-col gap-4 border-t pt-4">
      <div className="flex flex-col gap-1">
        <h3 className="text-base font-medium">
          <FormattedMessage id="settings.push.title" defaultMessage="Push Notifications" />
        </h3>
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="settings.push.hint" defaultMessage="Show a notification on this device when a voice message arrives" />
        </p>
        <p role="status" data-slot="push-state" className="text-sm font-medium">
          {state}
        </p>
      </div>
      {push.supported && push.permission !== 'denied' && (
        <div className="flex flex-wrap gap-2">
          {push.subscribed ? (
            <>
              <Button variant="outline" size="sm" disabled={push.busy} onClick={() => void push.disable()}>
                <BellOff aria-hidden />
                <FormattedMessage id="settings.push.disable" defaultMessage="Disable" />
              </Button>
              <Button variant="outline" size="sm" disabled={push.busy} onClick={() => void push.test()}>
                <Send aria-hidden />
                <FormattedMessage id="settings.push.test" defaultMessage="Send test" />
              </Button>
            </>
          ) : (
            <Button size="sm" disabled={push.busy || push.subscribed === null} onClick={() => void push.enable()}>
              <BellRing aria-hidden />
              <FormattedMessage id="settings.push.enable" defaultMessage="Enable" />
            </Button>
          )}
        </div>
      )}
      <SwitchField
        id="push-preview"
        label={<FormattedMessage id="settings.push.preview" defaultMessage="Show the first words" />}
        hint={
          <FormattedMessage
            id="settings.push.preview.hint"
            defaultMessage="Notifications show the first words of the message's transcript"
          />
        }
        checked={previewOn}
        disabled={!profile.data}
        saving={updateProfile.isPending}
        onCheckedChange={(checked) =>
          updateProfile.mutate(
            { push_shows_transcript: checked },
            {
              onError: () =>
                toast.error(intl.formatMessage({ id: 'settings.notifications.error', defaultMessage: 'Error' }), {
                  description: intl.formatMessage({
                    id: 'settings.saveFailed',
                    defaultMessage: 'Could not save this setting. Please try again.',
                  }),
                }),
            },
          )
        }
      />
    </div>
  )
}
