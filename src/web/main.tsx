import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { LandingHandoff, loadLandingPage, takeOverPrerenderedLanding } from './app/landing-handoff.tsx'
import { Providers } from './app/providers.tsx'
import { createQueryClient } from './app/query-client.ts'
import { createAppRouter } from './app/router.tsx'
import { initialLocale } from './i18n/i18n-provider.tsx'
import { loadCatalogue } from './i18n/messages.ts'
import { registerServiceWorker } from './lib/service-worker.ts'
import { watchTheme } from './lib/theme.ts'
import './styles.css'

// public/theme-init.js applied the saved theme before the first paint; from here on the app keeps it in step.
watchTheme()
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
const restoreLanding = takeOverPrerenderedLanding(root)

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
        <LandingHandoff restore={restoreLanding} />
      </Providers>
    </StrictMode>,
  )
// the reader's language is there before the first render, so no screen shows in English first; and the prerendered
// landing is replaced by the app's own landing in one step, so its code is there first
const ready: Promise<unknown>[] = [loadCatalogue(initialLocale())]
if (restoreLanding) ready.push(loadLandingPage())
void Promise.all(ready).then(render, render)
