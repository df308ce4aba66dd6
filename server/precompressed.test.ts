import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { precompressedAssets } from './precompressed.ts'

const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'))
const dir = path.join(outside, 'assets')
const script = 'export const answer = 42;\n'.repeat(40)
let base = ''
let close = () => {}

beforeAll(async () => {
	fs.mkdirSync(dir)
	fs.writeFileSync(path.join(outside, 'secret.js'), script)
	fs.writeFileSync(path.join(outside, 'secret.js.gz'), zlib.gzipSync(script))
	fs.writeFileSync(path.join(dir, 'chunk-abc.js'), script)
	fs.writeFileSync(path.join(dir, 'chunk-abc.js.gz'), zlib.gzipSync(script, { level: 9 }))
	fs.writeFileSync(path.join(dir, 'plain-def.js'), script)
	const app = express()
	app.use(compression({ threshold: 256 }))
	app.use('/assets', precompressedAssets(dir, { immutable: true, maxAge: '1y' }))
	app.use('/assets', express.static(dir, { immutable: true, maxAge: '1y' }))
	const server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`
	close = () => server.close()
})

afterAll(() => {
	close()
	fs.rmSync(outside, { recursive: true, force: true })
})

test('a browser that accepts gzip gets the build\'s .gz copy as JavaScript, cached for good', async () => {
	const response = await fetch(`${base}/chunk-abc.js`, { headers: { 'accept-encoding': 'gzip, deflate' } })
	expect(response.status).toBe(200)
	expect(response.headers.get('content-encoding')).toBe('gzip')
	expect(response.headers.get('content-type')).toMatch(/^text\/javascript/)
	expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i)
	expect(response.headers.get('cache-control')).toContain('immutable')
	expect(Number(response.headers.get('content-length'))).toBe(fs.statSync(path.join(dir, 'chunk-abc.js.gz')).size)
	expect(await response.text()).toBe(script)
})

test('without gzip, or without a .gz copy, the file goes out as before', async () => {
	const identity = await fetch(`${base}/chunk-abc.js`, { headers: { 'accept-encoding': 'identity' } })
	expect(identity.headers.get('content-encoding')).toBeNull()
	expect(await identity.text()).toBe(script)
	// No copy: the compression middleware gzips on the fly.
	const plain = await fetch(`${base}/plain-def.js`, { headers: { 'accept-encoding': 'gzip' } })
	expect(plain.headers.get('content-encoding')).toBe('gzip')
	expect(await plain.text()).toBe(script)
})

test('paths outside the folder are not served', async () => {
	const response = await fetch(`${base}/..%2fsecret.js`, { headers: { 'accept-encoding': 'gzip' } })
	expect(response.headers.get('content-encoding')).not.toBe('gzip')
	expect(response.status).toBe(404)
	const malformed = await fetch(`${base}/%E0%A4%A.js`, { headers: { 'accept-encoding': 'gzip' } })
	expect(malformed.status).toBeLessThan(500)
})
