import { Share2 } from 'lucide-react'
import { SHARE_TEXTS } from '#shared/share-target.ts'
import { NoticePage } from '#web/components/notice-page.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'

/**
 * /share/not-ready: where the server sends a recording shared before Hearth ran on this device (decision 142). Signed
 * in or not, it says plainly what to do: open Hearth once, then share again.
 */
export function ShareNotReadyPage() {
  usePageMeta({ title: `${SHARE_TEXTS.notReadyTitle} - Hearth` })
  return (
    <NoticePage
      icon={Share2}
      title={SHARE_TEXTS.notReadyTitle}
      description={SHARE_TEXTS.notReady}
      action={{ to: '/', label: 'Open Hearth' }}
    />
  )
}
