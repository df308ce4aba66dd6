import type { Plugin, UserConfig } from 'vite'

// How the browser's code is split into files (client build only). Fewer, larger files compress
// better than many tiny ones (the gzip of a 300-byte icon chunk is half framing and imports), but
// a file that many pages share must not carry what most of them never run. Measured with
// `npm run bench:web` (docs/quality.md, "Client budgets").
const framework = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]|app[\\/]use-sync-external-store-shim[.]ts$/
// The UI kit's core that nearly every page renders with: layout and text components, buttons, the
// theme, the primitives they build on, the icons' base. Listed by path: a group that followed their
// imports would pull in the whole 'radix-ui' barrel.
const uiCore = new RegExp(
	[
		String.raw`@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/](props|helpers)[\\/]`,
		String.raw`@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/](box|flex|grid|text|heading|button|icon-button|badge|separator|text-field|link|card|callout|spinner|slot|visually-hidden|theme|_internal[\\/]base-button)[.]`,
		String.raw`node_modules[\\/](classnames|@radix-ui[\\/]primitive)[\\/]`,
		String.raw`@radix-ui[\\/]react-(slot|primitive|compose-refs|context|direction|visually-hidden|use-callback-ref|use-layout-effect)[\\/]`,
		String.raw`lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|Icon[.]|createLucideIcon[.]|defaultAttributes[.]|context[.])`,
		// What the theme imports instead of 'radix-ui' (vite.config.ts): elsewhere, the chunks would import each other.
		String.raw`app[\\/]components[\\/]tooltip[\\/]theme-primitives[.]ts$`,
		// The sprite icon of the shell and of most signed-in pages (a file of its own otherwise).
		String.raw`app[\\/]components[\\/]layout[\\/]nav-icon[.]tsx$`,
	].join('|'),
)
const appCode = /[\\/](app|locales)[\\/]/
// The dependency-free files of modules/core that app code imports (the per-day offset, spelling, platform ids).
const coreForApp = /[\\/]modules[\\/]core[\\/][^\\/]+[.]ts$/
const icon = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/
// The client entry's own app modules (the spelling's i18next instances): on every page, though only
// the entry and the root import them, so no share count takes them; they go with i18next.
const everyPage = /app[\\/]utils[\\/]spelling-instances[.]ts$|modules[\\/]core[\\/]spelling[.]ts$/

export const clientChunks: NonNullable<NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['output']> = {
	codeSplitting: {
		// A group takes the modules it names, not everything they import (chunkEntrySignatures()).
		includeDependenciesRecursively: false,
		groups: [
			{ name: 'framework', test: (id) => framework.test(id) || everyPage.test(id) },
			{ name: 'ui', test: uiCore },
			// The app's own modules that at least 8 pages share (toasts, tooltips, formatting), with Vite's
			// helper for lazy imports (toasts use one on every page).
			{ name: 'common', test: (id) => ((appCode.test(id) || coreForApp.test(id)) && !id.includes('node_modules')) || id.includes('vite/preload-helper'), minShareCount: 8 },
			{ name: 'icons', test: icon, minShareCount: 6 },
			// Anything else from node_modules that 20 or more pages share; a lower count pulls zod into every page.
			{ name: 'shared', test: /node_modules/, minShareCount: 20 },
		],
	},
}

/**
 * React Router builds with preserveEntrySignatures 'exports-only', which rolldown refuses with
 * includeDependenciesRecursively false. 'allow-extension' keeps every export of a route module and
 * lets the bundler add exports to it for other chunks; React Router reads only the exports it knows.
 */
export function chunkEntrySignatures(): Plugin {
	return {
		name: 'postwerk:chunk-entry-signatures',
		enforce: 'post',
		configEnvironment(name, config) {
			if (name !== 'client') return
			config.build ??= {}
			config.build.rollupOptions = { ...config.build.rollupOptions, preserveEntrySignatures: 'allow-extension' }
			if (config.build.rolldownOptions) config.build.rolldownOptions.preserveEntrySignatures = 'allow-extension'
		},
	}
}

/**
 * Fails the client build when chunks import each other in a circle: with groups that take only
 * the modules they name, a cycle can run a module before one it needs (a Radix component before
 * React: "Cannot read properties of undefined (reading 'forwardRef')" at hydration).
 */
export function noChunkCycles(): Plugin {
	return {
		name: 'postwerk:no-chunk-cycles',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'client',
		generateBundle(_options, bundle) {
			const imports = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item.imports] as const] : [])))
			const done = new Set<string>()
			const visit = (file: string, path: Array<string>) => {
				if (path.includes(file)) this.error(`chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' -> ')} (scripts/vite/chunks.ts)`)
				if (done.has(file)) return
				for (const next of imports.get(file) ?? []) visit(next, [...path, file])
				done.add(file)
			}
			for (const file of imports.keys()) visit(file, [])
		},
	}
}
