import { createRequire } from 'node:module'
import type { Env } from '#modules/core/env.server.ts'

/** The ffmpeg and ffprobe binaries the video functions spawn. */
export type VideoTools = { ffmpeg: string; ffprobe: string }

type InstallerPackage = { path: string }

const requirePackage = createRequire(import.meta.url)

/**
 * FFMPEG_PATH / FFPROBE_PATH when set, otherwise the binaries the npm packages ship (ADR 0051).
 * The packages are loaded only when their binary is wanted: they throw on a platform they have no
 * binary for, which must not stop a server that names system binaries.
 */
export function videoTools(settings: Partial<Pick<Env, 'FFMPEG_PATH' | 'FFPROBE_PATH'>> = {}): VideoTools {
	return {
		ffmpeg: settings.FFMPEG_PATH ?? (requirePackage('@ffmpeg-installer/ffmpeg') as InstallerPackage).path,
		ffprobe: settings.FFPROBE_PATH ?? (requirePackage('@ffprobe-installer/ffprobe') as InstallerPackage).path,
	}
}

/**
 * Input options for every untrusted file: local files only (no http, no pipes), and only the demuxers
 * of video containers, so a playlist or concat file cannot make ffmpeg read other files or the network,
 * and text or images are not read as video (the tty and image demuxers would).
 */
export const UNTRUSTED_INPUT = [
	'-protocol_whitelist',
	'file',
	'-format_whitelist',
	'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,flv,mpeg,ogg,asf',
] as const
