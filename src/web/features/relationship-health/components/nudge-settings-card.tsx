import { toast } from '#web/lib/toast.ts'
import { NUDGE_TEXTS } from '#shared/nudge-texts.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useNudgeSettingsQuery, useUpdateNudgeSettingsMutation } from '../queries.ts'
import { SwitchField } from '#web/components/switch-field.tsx'

/** The settings card that turns gentle nudges on or off. */
export function NudgeSettingsCard() {
  const settings = useNudgeSettingsQuery()
  const update = useUpdateNudgeSettingsMutation()
  return (
    <Card data-slot="nudge-settings-card">
      <CardHeader>
        <CardTitle>{NUDGE_TEXTS.title}</CardTitle>
        <CardDescription>{NUDGE_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <SwitchField
          id="nudges-enabled"
          label={NUDGE_TEXTS.label}
          checked={settings.data?.enabled ?? false}
          disabled={!settings.data}
          saving={update.isPending}
          onCheckedChange={(enabled) =>
            update.mutate(
              { enabled },
              // the switch shows the change; only a failure is told (decision 209)
              { onError: () => toast.error(NUDGE_TEXTS.failed) },
            )
          }
        />
        {settings.isError && (
          <p role="alert" className="mt-2 text-sm text-destructive-text">
            {settings.error.message}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
