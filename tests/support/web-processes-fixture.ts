// server/web-processes.test.ts runs this file: as the primary it supervises two web processes
// (itself again, forked by node:cluster) that answer every request with their pid.
import cluster from 'node:cluster'
import http from 'node:http'
import { createLogger } from '#modules/core/logger.server.ts'
import { startWebProcesses } from '#server/web-processes.ts'

if (cluster.isWorker) {
	if (process.env.FIXTURE_FAIL === 'true') process.exit(3)
	http.createServer((_req, res) => res.end(String(process.pid))).listen(0, '127.0.0.1')
	process.on('SIGTERM', () => process.exit(0))
} else {
	cluster.on('listening', (_worker, address) => console.log(`port ${address.port}`))
	const processes = startWebProcesses({
		count: 2,
		env: {},
		logger: createLogger('silent'),
		onListening: () => console.log('listening'),
		onFailed: (reason) => {
			console.log(`failed: ${reason}`)
			process.exit(1)
		},
	})
	process.on('SIGTERM', () => {
		void processes.stop().then(() => {
			console.log('stopped')
			process.exit(0)
		})
	})
}
