import { Download } from 'lucide-react'
import { ACCOUNT_TEXTS } from '#shared/account.ts'
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
        <CardTitle>{ACCOUNT_TEXTS.exportTitle}</CardTitle>
        <CardDescription>{ACCOUNT_TEXTS.exportDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <a href="/api/account/export" download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          {ACCOUNT_TEXTS.exportButton}
        </a>
      </CardContent>
    </Card>
  )
}
