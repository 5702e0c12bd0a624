import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { LandingHandoff, loadLandingPage, takeOverPrerenderedLanding } from './app/landing-handoff.tsx'
import { Providers } from './app/providers.tsx'
import { createQueryClient } from './app/query-client.ts'
import { createAppRouter } from './app/router.tsx'
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
// the prerendered landing is replaced by the app's own landing in one step, so its code is there first
if (restoreLanding) void loadLandingPage().then(render, render)
else render()
