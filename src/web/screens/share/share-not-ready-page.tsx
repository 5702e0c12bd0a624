import { Share2 } from 'lucide-react'
import { useIntl, type MessageDescriptor } from 'react-intl'
import { NoticePage } from '#web/components/notice-page.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'

const NOT_READY_MESSAGES = {
  pageTitle: { id: 'share.notReady.pageTitle', defaultMessage: 'Open Hearth once, then share again - Hearth' },
  title: { id: 'share.notReady.title', defaultMessage: 'Open Hearth once, then share again' },
  body: {
    id: 'share.notReady.body',
    defaultMessage:
      "Hearth couldn't take that recording because it hasn't been opened on this device yet. Open Hearth, sign in, then share the recording again.",
  },
  open: { id: 'share.notReady.open', defaultMessage: 'Open Hearth' },
} satisfies Record<string, MessageDescriptor>

/**
 * /share/not-ready: where the server sends a recording shared before Hearth ran on this device (decision 142). Signed
 * in or not, it says plainly what to do: open Hearth once, then share again.
 */
export function ShareNotReadyPage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage(NOT_READY_MESSAGES.pageTitle) })
  return (
    <NoticePage
      icon={Share2}
      title={intl.formatMessage(NOT_READY_MESSAGES.title)}
      description={intl.formatMessage(NOT_READY_MESSAGES.body)}
      action={{ to: '/', label: intl.formatMessage(NOT_READY_MESSAGES.open) }}
    />
  )
}
