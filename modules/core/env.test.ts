// FFMPEG_PATH / FFPROBE_PATH (ADR 0051): a system binary instead of the shipped one, checked at the start.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readEnv } from './env.server.ts'

const BASE = { APP_ENV: 'test', APP_SECRET: 'a'.repeat(32) }
let dir = ''

beforeAll(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'postwerk-env-'))
	await writeFile(path.join(dir, 'ffmpeg'), '#!/bin/sh\n')
	await chmod(path.join(dir, 'ffmpeg'), 0o755)
	await writeFile(path.join(dir, 'not-executable'), '')
})

afterAll(async () => {
	await rm(dir, { recursive: true, force: true })
})

test('unset, the shipped binaries are used', () => {
	const env = readEnv(BASE)
	expect(env.FFMPEG_PATH).toBeUndefined()
	expect(env.FFPROBE_PATH).toBeUndefined()
})

test('an absolute path to an executable file is taken', () => {
	const ffmpeg = path.join(dir, 'ffmpeg')
	expect(readEnv({ ...BASE, FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffmpeg })).toMatchObject({ FFMPEG_PATH: ffmpeg, FFPROBE_PATH: ffmpeg })
})

test('a relative, missing, non-executable path or a folder fails the start', () => {
	expect(() => readEnv({ ...BASE, FFMPEG_PATH: 'ffmpeg' })).toThrow(/FFMPEG_PATH: an absolute path/)
	expect(() => readEnv({ ...BASE, FFPROBE_PATH: path.join(dir, 'missing') })).toThrow(/FFPROBE_PATH: an executable file/)
	expect(() => readEnv({ ...BASE, FFMPEG_PATH: path.join(dir, 'not-executable') })).toThrow(/FFMPEG_PATH: an executable file/)
	expect(() => readEnv({ ...BASE, FFMPEG_PATH: dir })).toThrow(/FFMPEG_PATH: an executable file/)
})
