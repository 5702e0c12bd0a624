import { Spinner } from '#web/components/ui/spinner.tsx'

/** The whole screen while the session or a route is loading. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div data-slot="full-page-spinner" className="grid min-h-dvh place-items-center bg-hearth-glow">
      <Spinner label={label} className="text-3xl text-primary" />
    </div>
  )
}
