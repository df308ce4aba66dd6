import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'
import { chunkEntrySignatures, clientChunks, noChunkCycles } from './scripts/vite/chunks.ts'
import { precompressClientAssets } from './scripts/vite/precompress.ts'

// Radix Themes' <Theme> wraps the root in a tooltip provider, which would put the tooltip code into
// every page: its 'radix-ui' import resolves to app/components/tooltip/theme-primitives.ts, where that
// provider passes its children through (each tooltip brings its own, see tooltip.tsx).
function themeWithoutTooltipProvider(): Plugin {
	const themeModule = /@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/
	return {
		name: 'postwerk:theme-without-tooltip-provider',
		enforce: 'pre',
		resolveId(source, importer) {
			if (source === 'radix-ui' && importer && themeModule.test(importer)) return path.resolve(import.meta.dirname, 'app/components/tooltip/theme-primitives.ts')
			return null
		},
	}
}

export default defineConfig({
	plugins: [themeWithoutTooltipProvider(), reactRouter(), chunkEntrySignatures(), noChunkCycles(), precompressClientAssets()],
	server: { hmr: { port: 24679 } },
	resolve: { alias: [{ find: /^use-sync-external-store\/shim$/, replacement: path.resolve(import.meta.dirname, 'app/use-sync-external-store-shim.ts') }] },
	build: { sourcemap: false },
	environments: { client: { build: { rolldownOptions: { output: clientChunks } } } },
})
