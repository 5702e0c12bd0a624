import { FormattedMessage } from 'react-intl'
import { Download } from 'lucide-react'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'

/**
 * Export my data: a plain download link, so the browser saves the zip as the server streams it (nothing of it
 * passes through the page's memory).
 */
export function ExportSection() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.export.title" defaultMessage="Export my data" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.export.description"
            defaultMessage="A zip of your profile, contacts, messages with their transcripts, emotions and topics, your recordings and your photos."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href="/api/account/export" download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          <FormattedMessage id="settings.export.button" defaultMessage="Download my data" />
        </a>
      </CardContent>
    </Card>
  )
}
