import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [reactRouter()],
	server: { hmr: { port: 24679 } },
	build: {
		sourcemap: false,
		rolldownOptions: {
			output: {
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
