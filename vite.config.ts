import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [reactRouter()],
	server: { hmr: { port: 24679 } },
	build: {
		sourcemap: false,
		rolldownOptions: {
			output: {
				// Every page needs React, React Router and i18next: one chunk instead of four compresses
				// better. Modules that at least 20 route chunks share (the UI kit's core, common icons)
				// go into one more; a lower share count pulls zod into every page (measured with
				// `npm run bench:web`).
				codeSplitting: {
					groups: [
						{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/ },
						{ name: 'shared', test: /node_modules/, minShareCount: 20 },
					],
				},
			},
		},
	},
})
