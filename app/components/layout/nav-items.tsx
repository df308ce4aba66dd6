import { NavLink } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ShellData } from '#app/server/shell.server.ts'
import { NavIcon } from './nav-icon.tsx'
import '#locales/ns/layout.ts'

export type NavItem = { to: string; label: string; icon: React.ReactNode; end?: boolean }
export type NavGroups = { groups: Array<{ title?: string; items: Array<NavItem> }>; bottom: Array<NavItem> }

/** The main navigation's entries, shared by the desktop sidebar and the phone drawer. */
export function useNavItems(shell: ShellData): NavGroups {
	const { t } = useTranslation('layout')
	return {
		groups: [
			{ items: [{ to: '/', label: t('nav.dashboard'), icon: <NavIcon name="layout-dashboard" size={18} />, end: true }] },
			{
				title: t('nav.posts'),
				items: [
					{ to: '/create', label: t('nav.createPost'), icon: <NavIcon name="square-pen" size={18} /> },
					{ to: '/posts', label: t('nav.myPosts'), icon: <NavIcon name="file-text" size={18} /> },
					{ to: '/schedule', label: t('nav.calendar'), icon: <NavIcon name="calendar" size={18} /> },
				],
			},
			{
				title: t('nav.ideasTools'),
				items: [
					{ to: '/news', label: t('nav.news'), icon: <NavIcon name="newspaper" size={18} /> },
					{ to: '/test-models', label: t('nav.models'), icon: <NavIcon name="sparkles" size={18} /> },
					{ to: '/toolbox', label: t('nav.toolbox'), icon: <NavIcon name="wrench" size={18} /> },
					{ to: '/activity-logs', label: t('nav.activityLog'), icon: <NavIcon name="list-checks" size={18} /> },
				],
			},
		],
		bottom: [
			...(shell.user.isAdmin ? [{ to: '/admin', label: t('nav.adminPanel'), icon: <NavIcon name="shield" size={18} /> }] : []),
			{ to: '/agent', label: t('nav.myAgent'), icon: <NavIcon name="bot" size={18} /> },
			{ to: '/marken', label: t('nav.brands'), icon: <NavIcon name="tags" size={18} /> },
			{ to: '/settings', label: t('nav.settings'), icon: <NavIcon name="settings" size={18} /> },
			...(shell.showDevTools ? [{ to: '/dev/mailbox', label: t('devMailbox'), icon: <NavIcon name="mail" size={18} /> }] : []),
		],
	}
}

export function SideLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
	return (
		<NavLink to={item.to} end={item.end} onClick={onNavigate} className={({ isActive }) => `side-link${isActive ? ' active' : ''}`}>
			{item.icon}
			<span>{item.label}</span>
		</NavLink>
	)
}
