import type * as React from 'react'
import { Label } from '#web/components/ui/label.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { cn } from '#web/lib/utils.ts'

type SwitchFieldProps = Omit<React.ComponentProps<typeof Switch>, 'id' | 'aria-describedby'> & {
  id: string
  label: React.ReactNode
  /** one line under the label that says what the switch does; the switch is described by it */
  hint?: React.ReactNode
  /**
   * a change is on its way: the switch ignores presses but stays enabled, so focus stays on it (a disabled control
   * drops focus, and a keyboard user would be thrown to the heading at each press)
   */
  saving?: boolean
}

/** A settings row: the label (and its hint) on the left, the switch on the right; the label toggles the switch too. */
export function SwitchField({ id, label, hint, saving = false, onCheckedChange, ...switchProps }: SwitchFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div data-slot="switch-field" className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id} className="cursor-pointer text-base font-medium">
          {label}
        </Label>
        {hint && (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={id}
        aria-describedby={hintId}
        aria-busy={saving || undefined}
        aria-disabled={saving || undefined}
        onCheckedChange={saving ? undefined : onCheckedChange}
        {...switchProps}
        className={cn(saving && 'cursor-progress', switchProps.className)}
      />
    </div>
  )
}
