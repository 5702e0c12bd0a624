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
 * Web feature folders come in two kinds. Resource modules hold one resource's queries and its entity components;
 * any feature may import them. Screen modules hold pages and their parts and never import another screen (nor does
 * a resource import a screen): what two screens share moves to a resource module, `components/` or `lib/`.
 * Every folder in src/web/features must be in one of the two lists (the lint test checks it).
 */
export const RESOURCE_MODULES = [
  'config', // the public config
  'contacts', // the circle, its rows and headers (its own pages are screens that live with the resource)
  'invitations', // invitations and their queries (settings and onboarding will list and send them)
  'messages', // messages, players, transcripts
  'notifications', // the Notifications card: new-message mail, this device's push (settings; the banner on home)
  'photos', // the person's own photos and their manager's queries (settings)
  'profile', // the person's own profile and welcome message
  'public-profile', // anyone's public profile: its page, photo gallery and welcome message (the contact detail shows them too)
  'recording', // recording and sending: the recorder, level meter, takes kept on this device, the outbox, the mics and composer
  'relationship-health', // a relationship's health, insights, meetings and activity (the contact detail)
  'sign-in', // signing in: the sign-in card shown by landing, the auth screen and invitations, the Google button, auth errors
]
export const SCREEN_MODULES = [
  'auth',
  'directory',
  'home',
  'landing',
  'not-found',
  'onboarding',
  'overview',
  'playback',
  'record',
  'settings',
  'share', // a recording shared from another app: pick whom it is for (decision 142)
  'voice-sessions', // voice sessions: notes to oneself, transcribed, a take sent when ready (signing in is 'sign-in')
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
const noApp = { regex: '^#web/app/', message: 'Features never import app/: app/ composes features.' }
const noFeatures = { regex: '^#web/features/|^(\\.\\./)+features/', message: 'components/ and lib/ import no feature.' }
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
const noModules = { regex: '^#server/modules/|^(\\.\\./)+modules/', message: 'This layer sits below the modules and imports none.' }

/** Both the alias and the one-level relative form (`../record/...` from a feature's top folder). */
function noScreens(except) {
  const names = SCREEN_MODULES.filter((name) => name !== except).join('|')
  const message = except ? 'A screen module never imports another screen.' : 'A resource module never imports a screen.'
  return { regex: `^(#web/features/|\\.\\./)(${names})/`, message }
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
  return { 'no-restricted-imports': ['error', { patterns }] }
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
 * shows; play through TrackPlayer / VoicePlayer in features/messages, which use the app's one shared player.
 * @type {import('eslint').Linter.RuleEntry}
 */
export const noNativeMediaControlsRule = [
  'error',
  {
    selector: 'JSXOpeningElement[name.name=/^(audio|video)$/] > JSXAttribute[name.name="controls"]',
    message: "No native media controls: use Hearth's player (TrackPlayer in features/messages/components/voice-player.tsx).",
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
    files: [`src/web/features/${name}/**/*.{ts,tsx}`],
    rules: restrict(noServer, noDeepRelative, noApp, noScreens(), noSonner, noClassicZod, noZodResolver),
  })),
  ...SCREEN_MODULES.map((name) => ({
    files: [`src/web/features/${name}/**/*.{ts,tsx}`],
    rules: restrict(noServer, noDeepRelative, noApp, noScreens(name), noSonner, noClassicZod, noZodResolver),
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
    rules: restrict(noWeb, noTestHelpers, noServiceConstruction),
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
      rules: restrict(noWeb, noTestHelpers, noHigherModules(name), noServiceConstruction),
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
    rules: restrict(noWeb, noTestHelpers, noModules, noServiceConstruction),
  },
)
