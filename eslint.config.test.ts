import { readdirSync, readFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'
import { RESOURCE_MODULES, SCREEN_MODULES, SERVER_MODULES, serverAliasRule } from './eslint.config.js'

// Each layer rule of eslint.config.js, proven on a file that breaks it and one that keeps it. The files do not exist:
// ESLint lints the text as if it stood at `filePath`, so the rules that apply are those of that place.

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: import.meta.dirname })
})

/** The messages of the import rules for `code` placed at `filePath`, without ESLint's 'import is restricted' preamble. */
async function importErrors(filePath: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath })
  if (!result) throw new Error('ESLint returned no result')
  const fatal = result.messages.filter((message) => message.fatal)
  if (fatal.length > 0) throw new Error(fatal.map((message) => message.message).join('\n'))
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax')
    .map((m) => m.message.replace(/^'.*' (import from '.*' |import )is restricted from being used by a pattern\. /, ''))
}

/** A file with one used import, so no other rule has anything to say. */
function importing(source: string): string {
  return `import { x } from '${source}'\nexport const y = x\n`
}

describe('lint: shared imports neither server nor web', () => {
  it('refuses server and web imports in src/shared', async () => {
    expect(await importErrors('src/shared/a.ts', importing('#server/env.ts'))).toEqual(['Web and shared code never import server code.'])
    expect(await importErrors('src/shared/a.ts', importing('../server/env.ts'))).toEqual(['Web and shared code never import server code.'])
    expect(await importErrors('src/shared/a.ts', importing('#web/lib/utils.ts'))).toEqual(['Server and shared code never import web code.'])
  })

  it('lets shared import shared', async () => {
    expect(await importErrors('src/shared/a.ts', importing('#shared/limits.ts'))).toEqual([])
    expect(await importErrors('src/shared/a.ts', importing('./limits.ts'))).toEqual([])
  })
})

describe('lint: web and server stay apart', () => {
  it('refuses #server imports in the web, by alias and by path (the alias once passed)', async () => {
    for (const file of [
      'src/web/app/a.tsx',
      'src/web/lib/a.ts',
      'src/web/components/a.tsx',
      'src/web/screens/home/a.tsx',
      'src/web/resources/contacts/a.ts',
    ]) {
      expect(await importErrors(file, importing('#server/env.ts'))).toContain('Web and shared code never import server code.')
    }
    expect(await importErrors('src/web/main.tsx', importing('../server/env.ts'))).toEqual(['Web and shared code never import server code.'])
  })

  it('refuses web imports in the server', async () => {
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('#web/lib/utils.ts'))).toEqual([
      'Server and shared code never import web code.',
    ])
    // a relative climb is refused twice: it crosses the layer, and it leaves its folder without the alias
    expect(await importErrors('src/server/app.ts', importing('../web/lib/utils.ts'))).toEqual([
      'Server and shared code never import web code.',
      'Use #server/* for imports that leave the folder, not ../.',
    ])
  })

  it('lets each side import itself and shared', async () => {
    expect(await importErrors('src/web/app/a.tsx', importing('#shared/limits.ts'))).toEqual([])
    expect(await importErrors('src/web/app/a.tsx', importing('#web/screens/home/home-page.tsx'))).toEqual([])
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('#server/env.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('#shared/contacts.ts'))).toEqual([])
  })

  it('makes web code leave a folder through an alias, not ../../', async () => {
    expect(await importErrors('src/web/screens/home/components/a.tsx', importing('../../new-message/record-page.tsx'))).toEqual([
      'Leave a folder through an alias (#web/*, #shared/*), not ../../.',
    ])
    expect(await importErrors('src/web/screens/home/components/a.tsx', importing('../home-page.tsx'))).toEqual([])
  })
})

describe('lint: components and lib import no resource, no screen and no app', () => {
  it('refuses a feature or app import', async () => {
    expect(await importErrors('src/web/components/a.tsx', importing('#web/resources/messages/queries.ts'))).toEqual([
      'components/ and lib/ import no resource and no screen.',
    ])
    expect(await importErrors('src/web/lib/a.ts', importing('#web/resources/contacts/queries.ts'))).toEqual([
      'components/ and lib/ import no resource and no screen.',
    ])
    expect(await importErrors('src/web/components/a.tsx', importing('#web/app/providers.tsx'))).toEqual([
      'Only app/ imports app/: it composes everything else.',
    ])
  })

  it('lets them import primitives and lib', async () => {
    expect(await importErrors('src/web/components/a.tsx', importing('#web/components/ui/button.tsx'))).toEqual([])
    expect(await importErrors('src/web/components/a.tsx', importing('#web/lib/utils.ts'))).toEqual([])
  })
})

describe('lint: shared and web code validate with zod/mini (decision 113)', () => {
  const message = "Shared and web code use zod/mini: classic zod's methods would all load with the web's first screen (decision 113)."

  it('refuses classic zod in shared code and in every kind of web module', async () => {
    for (const file of [
      'src/shared/a.ts',
      'src/web/app/a.tsx',
      'src/web/lib/a.ts',
      'src/web/resources/contacts/a.ts',
      'src/web/screens/home/a.tsx',
    ]) {
      for (const source of ['zod', 'zod/v4', 'zod/v4/classic']) expect(await importErrors(file, importing(source))).toEqual([message])
    }
  })

  it('lets them use zod/mini and its core, and the server use classic zod', async () => {
    for (const source of ['zod/mini', 'zod/v4/mini', 'zod/v4/core', 'zod/v4/locales']) {
      expect(await importErrors('src/shared/a.ts', importing(source))).toEqual([])
      expect(await importErrors('src/web/screens/home/a.tsx', importing(source))).toEqual([])
    }
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('zod'))).toEqual([])
  })

  it("takes zodResolver only through #web/lib/zod-form.ts, which loads zod's messages", async () => {
    const message = "Forms take zodResolver from #web/lib/zod-form.ts, which loads zod's English messages (decision 113)."
    for (const file of ['src/web/resources/sign-in/components/a.tsx', 'src/web/screens/settings/a.tsx', 'src/web/lib/a.ts']) {
      expect(await importErrors(file, importing('@hookform/resolvers/zod'))).toEqual([message])
    }
    expect(await importErrors('src/web/lib/zod-form.ts', importing('@hookform/resolvers/zod'))).toEqual([])
    expect(await importErrors('src/web/resources/sign-in/components/a.tsx', importing('#web/lib/zod-form.ts'))).toEqual([])
  })
})

describe('lint: resources and screens import no app/', () => {
  it('refuses app/ in screens and resources', async () => {
    expect(await importErrors('src/web/screens/playback/a.tsx', importing('#web/app/auth-provider.tsx'))).toEqual([
      'Only app/ imports app/: it composes everything else.',
    ])
    expect(await importErrors('src/web/resources/contacts/queries.ts', importing('#web/app/query-client.ts'))).toEqual([
      'Only app/ imports app/: it composes everything else.',
    ])
  })

  it('lets them read the session from lib', async () => {
    expect(await importErrors('src/web/screens/playback/a.tsx', importing('#web/lib/use-auth.ts'))).toEqual([])
  })
})

describe('lint: screens import resources, never another screen', () => {
  it('refuses a screen importing another screen, by alias and by relative path', async () => {
    for (const source of ['#web/screens/new-message/record-page.tsx', '../new-message/record-page.tsx']) {
      expect(await importErrors('src/web/screens/onboarding/a.tsx', importing(source))).toEqual(['A screen never imports another screen.'])
    }
    expect(await importErrors('src/web/screens/landing/a.tsx', importing('#web/screens/sign-in/auth-page.tsx'))).toEqual([
      'A screen never imports another screen.',
    ])
  })

  it('refuses a resource importing a screen', async () => {
    // the one recording resource serves the recording screen, never the other way round
    expect(
      await importErrors('src/web/resources/recording/components/a.tsx', importing('#web/screens/new-message/record-page.tsx')),
    ).toEqual(['A resource never imports a screen.'])
    expect(await importErrors('src/web/resources/config/a.tsx', importing('#web/screens/home/home-page.tsx'))).toEqual([
      'A resource never imports a screen.',
    ])
  })

  it('lets screens import resources and themselves, and resources import the resources after them', async () => {
    expect(await importErrors('src/web/screens/onboarding/a.tsx', importing('#web/resources/recording/queries.ts'))).toEqual([])
    expect(await importErrors('src/web/screens/new-message/a.tsx', importing('#web/screens/new-message/record-page.tsx'))).toEqual([])
    expect(await importErrors('src/web/screens/new-message/components/a.tsx', importing('../record-page.tsx'))).toEqual([])
    expect(await importErrors('src/web/resources/messages/a.ts', importing('#web/resources/contacts/queries.ts'))).toEqual([])
    expect(await importErrors('src/web/resources/messages/a.ts', importing('../contacts/queries.ts'))).toEqual([])
    expect(await importErrors('src/web/screens/settings/a.tsx', importing('#web/resources/recording/use-recorder.ts'))).toEqual([])
  })

  it('refuses a resource importing one listed before it, so resources import each other in no cycle', async () => {
    const message = 'A resource imports only the resources listed after it in RESOURCE_MODULES (eslint.config.js): no cycles.'
    // messages' track once read the profile's keys while the welcome message played through messages' player
    expect(await importErrors('src/web/resources/profiles/a.ts', importing('#web/resources/messages/queries.ts'))).toEqual([message])
    expect(await importErrors('src/web/resources/contacts/a.ts', importing('../messages/queries.ts'))).toEqual([message])
    expect(await importErrors('src/web/resources/config/a.ts', importing('#web/resources/sign-in/auth-errors.ts'))).toEqual([message])
    // and downwards is allowed: each resource may import the next one and the last one
    for (const [index, name] of RESOURCE_MODULES.slice(0, -1).entries()) {
      for (const lower of new Set([RESOURCE_MODULES[index + 1], RESOURCE_MODULES.at(-1)])) {
        expect(await importErrors(`src/web/resources/${name}/a.ts`, importing(`#web/resources/${lower}/a.ts`))).toEqual([])
      }
    }
  })

  it('has every resource and screen folder in its list, and no name in both', () => {
    const foldersOf = (kind: string) =>
      readdirSync(new URL(`./src/web/${kind}`, import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    expect([...RESOURCE_MODULES].sort()).toEqual(foldersOf('resources'))
    expect([...SCREEN_MODULES].sort()).toEqual(foldersOf('screens'))
    expect(readdirSync(new URL('./src/web', import.meta.url))).not.toContain('features')
  })
})

describe('lint: speech, db, realtime (and the rest below the modules) import no module', () => {
  it('refuses a module import', async () => {
    for (const folder of ['speech', 'db', 'realtime', 'auth', 'jobs']) {
      expect(await importErrors(`src/server/${folder}/a.ts`, importing('#server/modules/contacts/contacts.queries.ts'))).toEqual([
        'This layer sits below the modules and imports none.',
      ])
    }
    expect(await importErrors('src/server/realtime/a.ts', importing('../modules/contacts/contacts.queries.ts'))).toEqual([
      'This layer sits below the modules and imports none.',
      'Use #server/* for imports that leave the folder, not ../.',
    ])
  })

  it('lets them import each other, and modules import them', async () => {
    expect(await importErrors('src/server/realtime/a.ts', importing('#server/db/client.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('#server/realtime/realtime.queries.ts'))).toEqual([])
  })
})

describe('lint: route plugins receive services and build none (decision 132)', () => {
  const message = 'Route plugins receive their services in AppDeps (built once in src/server/services.ts) and never build one.'
  const building = (source: string, name: string) => `import { ${name} } from '${source}'\nexport const y = ${name}\n`

  it("refuses a service's or job handlers' constructor in a route plugin, its own module's or another's", async () => {
    expect(
      await importErrors('src/server/modules/messages/messages.routes.ts', building('./messages.service.ts', 'createMessagesService')),
    ).toEqual([message])
    expect(
      await importErrors(
        'src/server/modules/a/a.routes.ts',
        building('#server/modules/messages/messages.service.ts', 'createMessagesService'),
      ),
    ).toEqual([message])
    expect(await importErrors('src/server/modules/a/a.routes.ts', building('./a.jobs.ts', 'createAJobs'))).toEqual([message])
    expect(await importErrors('src/server/auth/a.routes.ts', building('#server/auth/a.service.ts', 'createAService'))).toEqual([message])
  })

  it('lets a route plugin take types, constants and helpers from a service, and the composition root build it', async () => {
    expect(await importErrors('src/server/modules/photos/photos.routes.ts', building('./photos.service.ts', 'PICTURES_PATH'))).toEqual([])
    expect(
      await importErrors(
        'src/server/modules/a/a.routes.ts',
        `import type { MessagesService } from '#server/modules/messages/messages.service.ts'\nexport type Y = MessagesService\n`,
      ),
    ).toEqual([])
    expect(
      await importErrors('src/server/services.ts', building('./modules/messages/messages.service.ts', 'createMessagesService')),
    ).toEqual([])
  })
})

describe('lint: route plugins reach the database only through a service (decision 225)', () => {
  const message = 'Route plugins reach the database only through their service: no *.queries.ts, database client or schema (decision 225).'
  const typeImport = (source: string) => `import type { X } from '${source}'\nexport type Y = X\n`

  it("refuses a queries module, the database client or the schema in any route plugin, even a type's import", async () => {
    expect(await importErrors('src/server/modules/photos/photos.routes.ts', importing('./photos.queries.ts'))).toEqual([message])
    expect(await importErrors('src/server/modules/health/health.routes.ts', importing('./health.queries.ts'))).toEqual([message])
    expect(await importErrors('src/server/modules/a/a.routes.ts', importing('#server/modules/b/b.queries.ts'))).toEqual([message])
    expect(await importErrors('src/server/modules/a/a.routes.ts', typeImport('#server/db/client.ts'))).toEqual([message])
    expect(await importErrors('src/server/modules/a/a.routes.ts', importing('#server/db/schema.ts'))).toEqual([message])
    expect(await importErrors('src/server/media/a.routes.ts', importing('./media.queries.ts'))).toEqual([message])
    expect(await importErrors('src/server/auth/a.routes.ts', importing('./session.queries.ts'))).toEqual([message])
  })

  it('lets services, jobs and the composition root read queries, and routes take their service', async () => {
    expect(await importErrors('src/server/modules/photos/photos.service.ts', importing('./photos.queries.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/photos/photos.jobs.ts', importing('#server/db/client.ts'))).toEqual([])
    expect(await importErrors('src/server/services.ts', importing('./modules/invitations/invitations.queries.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/health/health.routes.ts', importing('./health.service.ts'))).toEqual([])
  })

  it('gives route plugins neither the database nor the object store in AppDeps', () => {
    const appDeps = readFileSync('src/server/app-deps.ts', 'utf8')
    expect(appDeps).not.toMatch(/db\/client\.ts|media\/storage\.ts/)
    expect(appDeps).not.toMatch(/^\s+(db|storage): /m)
  })
})

describe('the composition root only wires (decision 225)', () => {
  it('keeps src/server/services.ts at most 250 lines: rules, the speech engine, metrics and job handlers live elsewhere', () => {
    const lines = readFileSync('src/server/services.ts', 'utf8').trimEnd().split('\n').length
    expect(lines).toBeLessThanOrEqual(250)
  })
})

describe('lint: no import cycle between server modules (decision 133)', () => {
  const message = 'A server module imports only the modules listed after it in SERVER_MODULES (eslint.config.js): no cycles.'

  it('refuses an import of a module listed before, so a cycle cannot be written', async () => {
    // the cycles this rule ended: speech jobs reading invitations, contacts asking invitations, contacts reading profiles
    expect(
      await importErrors('src/server/modules/transcription/a.ts', importing('#server/modules/invitations/invitations.queries.ts')),
    ).toEqual([message])
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('#server/modules/invitations/invitations.service.ts'))).toEqual(
      [message],
    )
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('#server/modules/profiles/profiles.queries.ts'))).toEqual([
      message,
    ])
    expect(
      await importErrors(
        'src/server/modules/messages/messages.routes.ts',
        importing('#server/modules/voice-sessions/voice-sessions.service.ts'),
      ),
    ).toEqual([message])
  })

  it('lets a module import those listed after it, and itself', async () => {
    expect(await importErrors('src/server/modules/invitations/a.ts', importing('#server/modules/contacts/contacts.queries.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/profiles/a.ts', importing('#server/modules/contacts/contacts.queries.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/messages/a.ts', importing('./messages.queries.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/messages/a.ts', importing('#server/modules/messages/messages.queries.ts'))).toEqual([])
    // a test may wire modules together
    expect(
      await importErrors('src/server/modules/contacts/a.int.test.ts', importing('#server/modules/invitations/invitations.queries.ts')),
    ).toEqual([])
  })

  it('has every server module folder in the list, once', () => {
    const folders = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    expect([...SERVER_MODULES].sort()).toEqual(folders)
  })
})

describe('lint: test helpers stay with the tests', () => {
  const message = 'Test helpers (src/server/test) are for tests, benches and scripts; the app never imports them.'

  it('refuses a test helper in app code, whatever its layer', async () => {
    for (const file of [
      'src/server/app.ts',
      'src/server/speech/a.ts',
      'src/server/modules/messages/a.ts',
      'src/server/modules/messages/a.routes.ts',
    ]) {
      expect(await importErrors(file, importing('#server/test/speech-fixtures.ts'))).toEqual([message])
    }
  })

  it('lets tests, the helpers themselves, benches and scripts use them', async () => {
    expect(await importErrors('src/server/speech/decode.int.test.ts', importing('#server/test/speech-fixtures.ts'))).toEqual([])
    expect(await importErrors('src/server/modules/messages/a.int.test.ts', importing('#server/test/data.ts'))).toEqual([])
    expect(await importErrors('src/server/test/a.ts', importing('./speech-fixtures.ts'))).toEqual([])
    expect(await importErrors('bench/a.bench.ts', importing('#server/test/speech-fixtures.ts'))).toEqual([])
  })
})

describe('lint: server code uses #server/* to leave its folder (enabled by the alias sweep)', () => {
  let withAlias: ESLint
  beforeAll(() => {
    withAlias = new ESLint({
      cwd: import.meta.dirname,
      overrideConfig: { files: ['src/server/**/*.ts'], rules: { 'no-restricted-syntax': serverAliasRule } },
    })
  })

  it('refuses ../ imports once enabled', async () => {
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('../../db/client.ts'), withAlias)).toEqual([
      'Use #server/* for imports that leave the folder, not ../.',
    ])
    expect(await importErrors('src/server/modules/profiles/a.ts', `export * from '../contacts/contacts.queries.ts'\n`, withAlias)).toEqual([
      'Use #server/* for imports that leave the folder, not ../.',
    ])
  })

  it('lets the alias and same-folder imports pass', async () => {
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('#server/db/client.ts'), withAlias)).toEqual([])
    expect(await importErrors('src/server/modules/contacts/a.ts', importing('./contacts.queries.ts'), withAlias)).toEqual([])
  })
})

describe("lint: Hearth's own player, never the browser's controls (decision 139)", () => {
  const message = "No native media controls: use Hearth's player (TrackPlayer in resources/messages/components/voice-player.tsx)."
  const component = (jsx: string) => `export function A({ url }: { url: string }) {\n  return ${jsx}\n}\n`

  it('refuses controls on an audio or video element anywhere in the web', async () => {
    for (const file of ['src/web/resources/welcome-messages/components/a.tsx', 'src/web/screens/home/a.tsx', 'src/web/components/a.tsx']) {
      expect(await importErrors(file, component('<audio controls src={url} />'))).toEqual([message])
      expect(await importErrors(file, component('<audio controls={true} src={url} />'))).toEqual([message])
      expect(await importErrors(file, component('<video src={url} controls />'))).toEqual([message])
    }
  })

  it('lets an audio element without controls be, and controls mean nothing on other elements', async () => {
    expect(await importErrors('src/web/resources/welcome-messages/components/a.tsx', component('<audio src={url} hidden />'))).toEqual([])
    expect(await importErrors('src/web/resources/welcome-messages/components/a.tsx', component('<div aria-controls={url} />'))).toEqual([])
  })
})
