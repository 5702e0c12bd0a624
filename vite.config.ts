import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import fs from 'node:fs'
import path from 'node:path'
import { createServer, defineConfig, type Plugin } from 'vite'
import { compiledCatalogues, compiledMessagesInCode } from './scripts/i18n-compile.ts'
import { LOCALES, SOURCE_LOCALE, textDirection, type Locale } from './src/shared/locales.ts'

const root = fileURLToPath(new URL('./src/web', import.meta.url))

/**
 * After the build, writes dist/web/landing.html (decision 100): index.html with the landing page rendered into #root
 * (src/web/landing-prerender.tsx) and, instead of the app's scripts, public/landing-loader.js, which loads the app
 * (named in a meta element) only once the visitor reaches for the page. The server sends it for `/` to a browser
 * without a session.
 *
 * The landing is also written once per other language whose catalogue (src/web/i18n/messages/<locale>.json) renders
 * it differently from English, as landing.<locale>.html with that `lang` and `dir`; spa.ts picks one by the visitor's
 * Accept-Language (decision 222). A language whose catalogue does not change the page gets no file: English text is
 * never sent as another language.
 */
function prerenderLanding(): Plugin {
  let outDir = ''
  return {
    name: 'hearth-prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root,
        plugins: [react()],
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      })
      try {
        const { renderLanding, LANDING_META: meta } = (await server.ssrLoadModule('/landing-prerender.tsx')) as {
          renderLanding: (signUpMode?: 'open' | 'invitation', locale?: Locale, messages?: Record<string, string>) => string
          LANDING_META: { title: string; description: string; canonical: string }
        }
        const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index)
        if (!entry) throw new Error('index.html has no module script')
        const landing = (body: string, locale: Locale = SOURCE_LOCALE) =>
          index
            .replace(/<html lang="[^"]*">/, `<html lang="${locale}" dir="${textDirection(locale)}">`)
            .replace(/<title>[^<]*<\/title>/, `<title>${meta.title}</title>`)
            .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, `<meta name="description" content="${meta.description}" />`)
            // made absolute by the server, which knows the public address (spa.ts)
            .replace('</title>', `</title>\n    <link rel="canonical" href="${meta.canonical}" />`)
            .replace(entry[0], `<meta name="hearth-app" content="${entry[1]}" />`)
            .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
            .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
            .replace('</body>', '  <script type="module" src="/landing-loader.js"></script>\n  </body>')
        fs.writeFileSync(path.join(outDir, 'landing.html'), landing(renderLanding()))
        // the same page for a Hearth that takes people by invitation only (decision 162): spa.ts sends the one that holds
        fs.writeFileSync(path.join(outDir, 'landing-invitation.html'), landing(renderLanding('invitation')))
        const english = renderLanding()
        for (const locale of LOCALES) {
          const catalogue = path.join(root, 'i18n', 'messages', `${locale}.json`)
          if (locale === SOURCE_LOCALE || !fs.existsSync(catalogue)) continue
          const messages = JSON.parse(fs.readFileSync(catalogue, 'utf8')) as Record<string, string>
          const open = renderLanding('open', locale, messages)
          if (open === english) continue
          fs.writeFileSync(path.join(outDir, `landing.${locale}.html`), landing(open, locale))
          fs.writeFileSync(
            path.join(outDir, `landing-invitation.${locale}.html`),
            landing(renderLanding('invitation', locale, messages), locale),
          )
        }
      } finally {
        await server.close()
      }
    },
  }
}

export default defineConfig({
  root,
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  // the messages compiled to ASTs, and the browser's bundle without the ICU parser (decision 229)
  plugins: [compiledMessagesInCode(), compiledCatalogues(), react(), tailwindcss(), prerenderLanding()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // The build is what `npm start` serves: no source maps, so the running app does not hand out its sources with
    // their comments. The dev server (`vite`) still maps everything for debugging.
    sourcemap: false,
    // What every screen loads at once is two files, not a dozen: the libraries (they change only with an upgrade, so
    // they stay cached across releases) and the app's own code; split, each small piece was compressed alone. The
    // screens loaded on demand keep their own chunks (decision 113). Zod is left out of both: a module of the first
    // screen that imports a shared module for its texts counts zod as imported at once, though only the schemas
    // loaded later use it (decision 170).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](?!zod[\\/])/, tags: ['$initial'], priority: 1 },
            { name: 'app', test: (id) => !/node_modules[\\/]zod[\\/]/.test(id), tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
})
