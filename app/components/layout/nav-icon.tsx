// The shell's navigation icons (and the few the dashboard shows besides) as uses of one static SVG
// sprite (public/nav-icons.svg, written by `node scripts/make-nav-icons.ts` from lucide's icons):
// every page rendered them from lucide's icon code (≈ 2 KB gzip of JavaScript on every page, ~400
// bytes of HTML per icon); the sprite is one cached request without JavaScript.
export const NAV_ICON_NAMES = [
	'layout-dashboard',
	'square-pen',
	'file-text',
	'calendar',
	'newspaper',
	'sparkles',
	'wrench',
	'list-checks',
	'shield',
	'bot',
	'settings',
	'mail',
	'log-out',
	'menu',
	'bell',
	'search',
	'info',
	'zap',
	'lightbulb',
	'tags',
] as const
export type NavIconName = (typeof NAV_ICON_NAMES)[number]

export const NAV_ICONS_HREF = '/nav-icons.svg'

export function NavIcon({ name, size }: { name: NavIconName; size: number }) {
	return (
		<svg width={size} height={size} className={`lucide lucide-${name}`} aria-hidden="true" focusable="false">
			<use href={`${NAV_ICONS_HREF}#${name}`} />
		</svg>
	)
}
