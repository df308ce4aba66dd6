// Draws the installable app's icons (public/icons/*.png) from the Postwerk logo (public/favicon.svg):
// plain icons keep the logo's rounded square; the maskable and Apple icons fill the whole square
// with the brand colour and keep the mark inside the safe zone (the platform cuts its own shape).
// Run once after the logo changes: node_modules/.bin/node scripts/make-icons.ts
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'

const root = path.join(import.meta.dirname, '..')
const logo = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8')
const brand = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? '#4f46e5'
const mark = /<path[^>]*\/>/.exec(logo)?.[0]
if (!mark) throw new Error('public/favicon.svg has no <path> (the mark) to draw')

// The mark in the logo's 32-unit box, scaled around the centre (maskable safe zone: the inner 80 %).
const fullBleed = (scale: number) =>
	`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${mark}</g></svg>`

function png(svg: string, size: number, file: string) {
	const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: size }, logLevel: 'off' }).render()
	writeFileSync(path.join(root, 'public/icons', file), rendered.asPng())
}

png(logo, 192, 'icon-192.png')
png(logo, 512, 'icon-512.png')
png(fullBleed(0.8), 512, 'icon-maskable-512.png')
png(fullBleed(1), 180, 'apple-touch-icon.png')
