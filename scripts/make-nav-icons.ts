// Writes public/nav-icons.svg, the shell's navigation icons (app/components/layout/nav-icon.tsx).
// Run again after a lucide-react update; app/components/layout/nav-icon-sprite.test.ts checks it is current.
import fs from 'node:fs'
import path from 'node:path'
import { navIconSprite } from '#app/components/layout/nav-icon-sprite.ts'

const file = path.resolve(import.meta.dirname, '../public/nav-icons.svg')
fs.writeFileSync(file, navIconSprite())
console.log(`written: ${path.relative(process.cwd(), file)}`)
