import type * as React from 'react'
import { useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { HEALTH_TEXTS } from '#shared/relationship-health.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { Field, FieldError } from '#web/components/ui/field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { useCreateMeetingMutation } from '../queries.ts'

const today = () => {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

/** "We met": notes a meeting in person (date, optional duration in minutes and note). */
export function WeMetDialog({ contactId, name }: { contactId: string; name: string }) {
  const [open, setOpen] = useState(false)
  const [metOn, setMetOn] = useState(today)
  const [minutes, setMinutes] = useState('')
  const [note, setNote] = useState('')
  const create = useCreateMeetingMutation(contactId)
  const error = create.error?.message

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const duration = minutes.trim() === '' ? null : Math.round(Number(minutes))
    create.mutate(
      { met_on: metOn, duration_minutes: duration, note: note.trim() || null },
      {
        onSuccess: () => {
          toast.success(HEALTH_TEXTS.meetingSaved)
          setOpen(false)
          setMinutes('')
          setNote('')
          create.reset()
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          We met
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>You met {name}</DialogTitle>
            <DialogDescription>Meeting in person counts in your relationship health.</DialogDescription>
          </DialogHeader>
          <Field>
            <Label htmlFor="met-on">Date</Label>
            <Input id="met-on" type="date" required max={today()} value={metOn} onChange={(e) => setMetOn(e.target.value)} />
          </Field>
          <Field>
            <Label htmlFor="met-minutes">Duration in minutes (optional)</Label>
            <Input
              id="met-minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </Field>
          <Field>
            <Label htmlFor="met-note">Note (optional)</Label>
            <Textarea id="met-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          {error && <FieldError>{`${HEALTH_TEXTS.meetingFailed}: ${error}`}</FieldError>}
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              Save meeting
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
