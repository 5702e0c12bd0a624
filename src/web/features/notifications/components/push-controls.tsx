import { BellOff, BellRing, Send } from 'lucide-react'
import { toast } from '#web/lib/toast.ts'
import { NOTIFICATION_TEXTS, PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/features/profile/queries.ts'
import { usePush } from '../push.ts'
import { SwitchField } from '#web/components/switch-field.tsx'

/** This device's push notifications: its state, enable / disable / test, and whether pushes show the first words. */
export function PushControls() {
  const push = usePush()
  const profile = useProfileQuery()
  const updateProfile = useUpdateProfileMutation()
  const previewOn =
    updateProfile.isPending && updateProfile.variables.push_shows_transcript !== undefined
      ? updateProfile.variables.push_shows_transcript
      : Boolean(profile.data?.push_shows_transcript)

  const state = !push.supported
    ? PUSH_TEXTS.unsupported
    : push.permission === 'denied'
      ? PUSH_TEXTS.blockedHint
      : push.subscribed
        ? 'On for this device.'
        : 'Off for this device.'

  return (
    <div data-slot="push-controls" className="flex flex-col gap-4 border-t pt-4">
      <div className="flex flex-col gap-1">
        <h3 className="text-base font-medium">{PUSH_TEXTS.settingLabel}</h3>
        <p className="text-sm text-muted-foreground">{PUSH_TEXTS.settingHint}</p>
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
                {PUSH_TEXTS.disable}
              </Button>
              <Button variant="outline" size="sm" disabled={push.busy} onClick={() => void push.test()}>
                <Send aria-hidden />
                {PUSH_TEXTS.test}
              </Button>
            </>
          ) : (
            <Button size="sm" disabled={push.busy || push.subscribed === null} onClick={() => void push.enable()}>
              <BellRing aria-hidden />
              {PUSH_TEXTS.enable}
            </Button>
          )}
        </div>
      )}
      <SwitchField
        id="push-preview"
        label={PUSH_TEXTS.previewLabel}
        hint={PUSH_TEXTS.previewHint}
        checked={previewOn}
        disabled={!profile.data}
        saving={updateProfile.isPending}
        onCheckedChange={(checked) =>
          updateProfile.mutate(
            { push_shows_transcript: checked },
            { onError: () => toast.error(NOTIFICATION_TEXTS.emailFailedTitle, { description: NOTIFICATION_TEXTS.saveFailed }) },
          )
        }
      />
    </div>
  )
}
