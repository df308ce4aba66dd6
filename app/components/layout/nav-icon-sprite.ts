import { Bell, Bot, Calendar, FileText, Info, LayoutDashboard, Lightbulb, ListChecks, LogOut, Mail, Menu, Newspaper, PenSquare, Search, Settings, Shield, Sparkles, Tags, Wrench, Zap, type LucideIcon } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { NavIconName } from './nav-icon.tsx'

// Node only (scripts/make-nav-icons.ts and its test): the browser never loads lucide for these.
const icons: Record<NavIconName, LucideIcon> = {
	'layout-dashboard': LayoutDashboard,
	'square-pen': PenSquare,
	'file-text': FileText,
	calendar: Calendar,
	newspaper: Newspaper,
	sparkles: Sparkles,
	wrench: Wrench,
	'list-checks': ListChecks,
	shield: Shield,
	bot: Bot,
	settings: Settings,
	mail: Mail,
	'log-out': LogOut,
	menu: Menu,
	bell: Bell,
	search: Search,
	info: Info,
	zap: Zap,
	lightbulb: Lightbulb,
	tags: Tags,
}

/** public/nav-icons.svg: one <symbol> per icon with lucide's paths and stroke settings. */
export function navIconSprite() {
	const symbols = Object.entries(icons).map(([name, Icon]) => {
		const svg = renderToStaticMarkup(createElement(Icon))
		const paths = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'))
		return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</symbol>`
	})
	return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`
}
