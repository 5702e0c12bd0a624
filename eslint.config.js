import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// ---------------------------------------------------------------------------------------------------------------
// Layers (docs/architecture.md). Every rule below is proven by eslint.config.test.ts.
//
// The patterns are regular expressions on the import text (`regex`), not the rule's default gitignore syntax:
// there a pattern that begins with `#` is a comment, so `#server/*` once matched nothing. ESLint gives a file the
// options of the LAST block that sets a rule, so each block lists every pattern that applies to its files.
// ---------------------------------------------------------------------------------------------------------------

/**
 * The web's features come in two kinds, and the tree shows which (decision 224). Resources (src/web/resources) hold
 * one resource's queries, its state and its entity components; screens (src/web/screens) hold pages and their parts.
 * Screens compose resources and never import another screen; a resource never imports a screen. Resources are listed
 * from the top down: a resource imports only resources after it, so no two can import each other, directly or around
 * a loop. What two screens share moves to a resource, `components/` or `lib/`. Every folder under both must be listed
 * (the lint test checks it).
 */
export const RESOURCE_MODULES = [
  'welcome-messages', // the welcome message a person records for their profile: its recorder, player and transcript state
  'public-profiles', // anyone's public profile: queries, links and the photo gallery (the contact detail shows them too)
  'relationship-health', // a relationship's health, insights, meetings and activity
  'notifications', // new-message mail and this device's push: the card, the controls, the banner
  'photos', // the person's own photos and their manager's queries
  'invitations', // invitations and their queries (settings, onboarding and the add screen list and send them)
  'recording', // recording and sending: the recorder, level meter, takes kept on this device, the outbox, the composer
  'messages', // messages, players, transcripts
  'profiles', // the person's own profile (the server's profiles module)
  'contacts', // the circle, its rows and headers
  'sign-in', // signing in: the sign-in card shown by several screens, the Google button, auth errors
  'config', // the public config
]
export const SCREEN_MODULES = [
  'circle', // message requests and the archive: the circle's other lists
  'contact', // one person: the conversation and the contact's detail
  'directory',
  'home',
  'invitation', // making an invitation and the pages an invited person lands on
  'landing',
  'new-message', // recording a message: whom it is for, then the recorder
  'not-found',
  'onboarding',
  'overview',
  'playback',
  'public-profile',
  'settings',
  'share', // a recording shared from another app: pick whom it is for (decision 142)
  'sign-in', // signing in and up, and setting a new password
  'voice-sessions', // voice sessions: notes to oneself, transcribed, a take sent when ready
]

/**
 * The server's feature modules, from the top down: a module imports only modules after it in this list, so no two
 * modules can import each other, directly or around a loop. What a lower module needs from a higher one is handed in
 * by the composition root (src/server/services.ts), as contacts gets the invitations' part of connecting two people.
 * Every folder in src/server/modules must be here (the lint test checks it).
 */
export const SERVER_MODULES = [
  'admin', // who may join and the owner's care of the accounts: uses invitations' tokens, and account deletion handed in
  'invitations',
  'account',
  'voice-sessions',
  'message-requests',
  'message-search',
  'crawlers',
  'public-profiles',
  'photos',
  'messages',
  'profiles',
  'relationship-health',
  'notifications',
  'audio-uploads',
  'contacts',
  // modules that import no other
  'directory',
  'health',
  'config',
  'dev-mailbox',
  'share-target',
  'transcription',
]

/** Server folders below the feature modules: the modules use them, never the other way round. */
export const SERVER_INFRASTRUCTURE = ['auth', 'db', 'http', 'jobs', 'media', 'notify', 'realtime', 'speech', 'translation']

const noServer = { regex: '^#server/|^(\\.\\./)+server/', message: 'Web and shared code never import server code.' }
const noWeb = { regex: '^#web/|^(\\.\\./)+web/', message: 'Server and shared code never import web code.' }
const noDeepRelative = { regex: '^\\.\\./\\.\\./', message: 'Leave a folder through an alias (#web/*, #shared/*), not ../../.' }
const noApp = { regex: '^#web/app/', message: 'Only app/ imports app/: it composes everything else.' }
const noFeatures = {
  regex: '^#web/(resources|screens)/|^(\\.\\./)+(resources|screens)/',
  message: 'components/ and lib/ import no resource and no screen.',
}
const noSonner = {
  regex: '^sonner$',
  message: 'Toasts go through #web/lib/toast.ts: it holds them until the Toaster (loaded after the first paint) listens (decision 108).',
}
const noClassicZod = {
  regex: '^zod(/v4)?(/classic)?$',
  message: "Shared and web code use zod/mini: classic zod's methods would all load with the web's first screen (decision 113).",
}
const noZodResolver = {
  regex: '^@hookform/resolvers/zod$',
  message: "Forms take zodResolver from #web/lib/zod-form.ts, which loads zod's English messages (decision 113).",
}
const noTestHelpers = {
  regex: '^#server/test/|^(\\.\\./)+test/',
  message: 'Test helpers (src/server/test) are for tests, benches and scripts; the app never imports them.',
}
const noServiceConstruction = {
  regex: '\\.(service|jobs)\\.ts$',
  importNamePattern: '^create',
  message: 'Route plugins receive their services in AppDeps (built once in src/server/services.ts) and never build one.',
}
const noDatabaseInRoutes = {
  regex: '\\.queries\\.ts$|(^|/)db/(client|schema)\\.ts$',
  message: 'Route plugins reach the database only through their service: no *.queries.ts, database client or schema (decision 225).',
}
const noModules = { regex: '^#server/modules/|^(\\.\\./)+modules/', message: 'This layer sits below the modules and imports none.' }

const noScreensInResources = { regex: '^#web/screens/', message: 'A resource never imports a screen.' }

/** A screen imports no other screen: by the alias, or by the one-level relative form (`../home/...`). */
function noOtherScreens(name) {
  const names = SCREEN_MODULES.filter((other) => other !== name).join('|')
  return { regex: `^(#web/screens/|\\.\\./)(${names})/`, message: 'A screen never imports another screen.' }
}

/** A resource imports only the resources listed after it in RESOURCE_MODULES: no cycles. */
function noHigherResources(name) {
  const names = RESOURCE_MODULES.slice(0, RESOURCE_MODULES.indexOf(name) + 1).filter((other) => other !== name)
  if (names.length === 0) return null
  return {
    regex: `^(#web/resources/|\\.\\./)(${names.join('|')})/`,
    message: 'A resource imports only the resources listed after it in RESOURCE_MODULES (eslint.config.js): no cycles.',
  }
}

/** A module may not import the modules listed before it in SERVER_MODULES, nor itself through the alias. */
function noHigherModules(name) {
  const names = SERVER_MODULES.slice(0, SERVER_MODULES.indexOf(name) + 1).filter((other) => other !== name)
  return {
    regex: `^(#server/modules/|(\\.\\./)+)(${names.join('|')})/`,
    message: 'A server module imports only the modules listed after it in SERVER_MODULES (eslint.config.js): no cycles.',
  }
}

function restrict(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns: patterns.filter(Boolean) }] }
}

/**
 * Server code uses `#server/*` for imports that leave its folder, like the web uses `#web/*`.
 * @type {import('eslint').Linter.RuleEntry}
 */
export const serverAliasRule = [
  'error',
  ...['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
    selector: `${node}[source.value=/^\\.\\.\\//]`,
    message: 'Use #server/* for imports that leave the folder, not ../.',
  })),
]

/**
 * Hearth's own player on every screen (decision 139): the browser's grey `<audio controls>` (or a video's) never
 * shows; play through TrackPlayer / VoicePlayer in resources/messages, which use the app's one shared player.
 * @type {import('eslint').Linter.RuleEntry}
 */
export const noNativeMediaControlsRule = [
  'error',
  {
    selector: 'JSXOpeningElement[name.name=/^(audio|video)$/] > JSXAttribute[name.name="controls"]',
    message: "No native media controls: use Hearth's player (TrackPlayer in resources/messages/components/voice-player.tsx).",
  },
]

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/', 'src/web/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(noServer, noWeb, noClassicZod),
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(noServer, noDeepRelative, noSonner, noClassicZod, noZodResolver),
    },
  },
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: restrict(noServer, noDeepRelative, noApp, noFeatures, noSonner, noClassicZod, noZodResolver),
  },
  {
    // the one place that talks to Sonner, and the Toaster itself
    files: ['src/web/lib/toast.ts', 'src/web/components/ui/sonner.tsx'],
    rules: restrict(noServer, noDeepRelative, noApp, noFeatures, noClassicZod, noZodResolver),
  },
  {
    // the one place that takes zod's resolver, with the messages it needs
    files: ['src/web/lib/zod-form.ts'],
    rules: restrict(noServer, noDeepRelative, noApp, noFeatures, noSonner, noClassicZod),
  },
  ...RESOURCE_MODULES.map((name) => ({
    files: [`src/web/resources/${name}/**/*.{ts,tsx}`],
    rules: restrict(noServer, noDeepRelative, noApp, noScreensInResources, noHigherResources(name), noSonner, noClassicZod, noZodResolver),
  })),
  ...SCREEN_MODULES.map((name) => ({
    files: [`src/web/screens/${name}/**/*.{ts,tsx}`],
    rules: restrict(noServer, noDeepRelative, noApp, noOtherScreens(name), noSonner, noClassicZod, noZodResolver),
  })),
  {
    files: ['src/web/**/*.tsx'],
    rules: { 'no-restricted-syntax': noNativeMediaControlsRule },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      ...restrict(noWeb, noTestHelpers),
      'no-restricted-syntax': serverAliasRule,
    },
  },
  {
    // tests and their helpers may use the helpers
    files: ['src/server/**/*.test.ts', 'src/server/test/**/*.ts'],
    rules: restrict(noWeb),
  },
  {
    // the composition root (src/server/services.ts) builds every service and job handler, once
    files: ['src/server/**/*.routes.ts'],
    rules: restrict(noWeb, noTestHelpers, noServiceConstruction, noDatabaseInRoutes),
  },
  ...SERVER_MODULES.flatMap((name) => [
    {
      files: [`src/server/modules/${name}/**/*.ts`],
      // tests may wire a whole stack; the rule is about shipped code
      ignores: ['**/*.test.ts'],
      rules: restrict(noWeb, noTestHelpers, noHigherModules(name)),
    },
    {
      files: [`src/server/modules/${name}/**/*.routes.ts`],
      rules: restrict(noWeb, noTestHelpers, noHigherModules(name), noServiceConstruction, noDatabaseInRoutes),
    },
  ]),
  {
    files: SERVER_INFRASTRUCTURE.map((name) => `src/server/${name}/**/*.ts`),
    // Tests may wire a whole stack (a contact row for a presence test); the layer rule is about shipped code.
    ignores: ['**/*.test.ts'],
    rules: restrict(noWeb, noTestHelpers, noModules),
  },
  {
    files: SERVER_INFRASTRUCTURE.map((name) => `src/server/${name}/**/*.routes.ts`),
    rules: restrict(noWeb, noTestHelpers, noModules, noServiceConstruction, noDatabaseInRoutes),
  },
)
